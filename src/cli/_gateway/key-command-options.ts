import { gatewayOption } from './choose-gateway.js';
import { verboseOption } from './announce-key.js';

// Apart from client-for.ts so a key command's table of flags does not load the gateway client:
// a bad flag value is refused before the client is imported.

/** The flags of every key command that calls the gateway: `-v` and `--gateway-url`. */
export const keyCommandOptions = { ...verboseOption, ...gatewayOption } as const;
