/** A setting the server cannot start with: its message is one line naming the variable. */
export class ConfigError extends Error {}
