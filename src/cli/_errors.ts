/**
 * Turns any error into the one line the CLI prints. Errors of this package carry messages
 * written for users (and never a token); anything else is a bug, shown with its stack only
 * when SVC_DEBUG is set.
 */
export function describeError(e: unknown, env: Record<string, string | undefined>): { message: string; exitCode: number } {
  if (e instanceof Error) {
    const withHint = e as Error & { hint?: string; exitCode?: number };
    const hint = withHint.hint ? ` (${withHint.hint})` : '';
    const debug = env.SVC_DEBUG && e.stack ? `\n${e.stack}` : '';
    return { message: `${e.message}${hint}${debug}`, exitCode: withHint.exitCode ?? 1 };
  }
  return { message: String(e), exitCode: 1 };
}
