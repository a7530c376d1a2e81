import { SvcError } from '../../core/index.js';

/**
 * Thrown by the release check when the registry has no record of this package (HTTP 404): svc
 * is distributed as a tarball (`npm pack`) or from its git repository, not through a registry,
 * so there is no "latest" there to compare with or install.
 */
export class NotPublishedError extends SvcError {
  override readonly name = 'NotPublishedError';
  constructor(readonly registry: string, packageName: string) {
    super(`${packageName} is not published on the npm registry at ${registry} (HTTP 404): it is installed from a tarball or its git repository, so there is no release there to update to`);
  }
}
