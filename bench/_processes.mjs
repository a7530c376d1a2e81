// What the month-end benches read about their child processes, and the run config they give
// `svc month-end`. Linux only (reads /proc).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const MB = 1024 * 1024;

/** A process's peak RSS so far (the kernel's high-water mark, VmHWM) in MB; NaN once it has gone. */
export function peakMbOf(pid) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? (Number(m[1]) * 1024) / MB : NaN;
  } catch {
    return NaN;
  }
}

/** CPU seconds a process has used so far (utime + stime, in clock ticks of 1/100 s); NaN once it has gone. */
export function cpuSecondsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/**
 * Writes `DATA/runs.json` naming every organization of a generated dataset (its name = its id),
 * each token in an environment variable of its own; returns the config's path and that environment.
 */
export function writeRunConfig(dataDir, baseUrl) {
  const tokens = JSON.parse(readFileSync(join(dataDir, 'tokens.json'), 'utf8'));
  const env = { ...process.env, CI: '1' };
  const organizations = tokens.orgs.map(({ org_id, token }, i) => {
    env[`SVC_BENCH_T${i}`] = token;
    return { org_id, name: org_id, token_env: `SVC_BENCH_T${i}` };
  });
  const config = join(dataDir, 'runs.json');
  writeFileSync(config, JSON.stringify({ base_url: baseUrl, organizations }));
  return { config, env };
}
