/**
 * The sign-in and sign-out calls' contract schemas, for `import()` only: they bring zod, which the login
 * route's first download does without (docs/performance.md, "Console"). A module of its own because
 * `import()` of the contract's index put the contract's plain constants, which the first download does
 * import, into zod's chunk.
 */
export { LoginBody, login, logout } from '@marquee/contract';
