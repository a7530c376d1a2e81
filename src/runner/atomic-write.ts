// The one atomic writer lives in src/core (every layer may use it); this path stays for existing imports.
export { writeFileAtomic } from '../core/atomic-write.js';
