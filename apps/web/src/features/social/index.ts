// The social login feature's public surface for the app shell and other features.

export { SocialSignIn } from './components/SocialSignIn';
