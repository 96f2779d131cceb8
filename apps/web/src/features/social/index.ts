// The social login feature's public surface for the app shell and other features.

export { SocialLoginButtons } from './components/SocialLoginButtons';
