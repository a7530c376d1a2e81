// The test harness: how a test reaches the built `svc`, the reference server, the samples' tokens,
// config folders and the queue (test/README.md, "The harness").
export { BIN, REPO, binEnv, svcBin, svcOnTerminal, visibleLines, startCli, waitFor, type BinResult, type CliProcess } from './bin.js';
export { svc, svcInProcess, type SvcOptions, type SvcResult } from './in-process.js';
export { SAMPLES, TOKENS, readTokens, tokenOf, PARTNER_TOKEN, ALL_TOKENS, apiKey, KEYS, type SampleTokens, type SampleKey } from './samples.js';
export { useReferenceServer, copySamples, editSampleInvoice, samplesWithShares, samplesWithNordlysToken, noOrgsDataset } from './server.js';
export { FAST, reporting, partner, orgEnv, partnerEnv } from './clients.js';
export { configFor, envVar, nordlysAndFjordlineRun } from './run-config.js';
export { tempDir, cleanup } from './temp.js';
export { keyHolder, useConfigFolder, type KeyHolder } from './config-folder.js';
export { startRedis, redisServerPath, NO_REDIS_REASON, type TestRedis } from './redis.js';
export { useQueue, type QueueSetup, type QueueSetupOptions } from './queue.js';
export { refusedPort } from './refused-port.js';
