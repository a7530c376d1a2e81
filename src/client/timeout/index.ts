// client/timeout: the time limit of a request (SVC_TIMEOUT, --timeout): its rule, and the setting read
// from the environment. Loads no HTTP client and no period or body limits: every command's start reads it.
export { TIMEOUT_RULE, timeoutMsFromSeconds, timeoutSetting } from './timeout-setting.js';
