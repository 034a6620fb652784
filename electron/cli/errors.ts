// The error lives in electron/argv with the flag-value checks, which the desktop app shares.
export { UserInputError } from '../argv/user-input-error';
