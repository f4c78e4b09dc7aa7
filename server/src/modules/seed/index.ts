// The seed module's public surface (decision 0216): other modules and the app import from here,
// never from its files (eslint.config.js).
export { seedDemoHistory } from './demo-history';
export { DEMO_CREDENTIALS_FILE, seedDemoIfEmpty } from './demo-seed';
