// The users module's public surface (decision 0216): other modules and the app import from here,
// never from its files (eslint.config.js).
export type { RandomInt } from './account-numbers';
export { avatarUrlFor } from './avatar';
export { avatarRoutes } from './avatar-routes';
export { createLiveStreamRegistry, type LiveStream } from './live-streams';
export { PROFILE_CHANNEL, createUserService, type LoginRecord, type UserService } from './user-service';
