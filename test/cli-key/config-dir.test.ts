import { describe, expect, it } from 'vitest';
import { configDir, credentialsPath, maskKey } from '../../src/cli/_credentials/index.js';

describe('configDir: the per-OS application folder', () => {
  it('Linux: ~/.config/svc, or $XDG_CONFIG_HOME/svc when that is absolute', () => {
    expect(configDir({}, 'linux', '/home/ada')).toBe('/home/ada/.config/svc');
    expect(configDir({ XDG_CONFIG_HOME: '/xdg' }, 'linux', '/home/ada')).toBe('/xdg/svc');
    expect(configDir({ XDG_CONFIG_HOME: 'relative/ignored' }, 'linux', '/home/ada')).toBe('/home/ada/.config/svc');
  });
  it('macOS: ~/Library/Application Support/svc', () => {
    expect(configDir({ XDG_CONFIG_HOME: '/xdg' }, 'darwin', '/Users/ada')).toBe('/Users/ada/Library/Application Support/svc');
  });
  it('Windows: %APPDATA%\\svc', () => {
    expect(configDir({ APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, 'win32', 'C:\\Users\\ada')).toBe('C:\\Users\\ada\\AppData\\Roaming\\svc');
    expect(credentialsPath('C:\\x\\svc', 'win32')).toBe('C:\\x\\svc\\credentials.json');
  });
  it('SVC_CONFIG_DIR overrides every OS default', () => {
    expect(configDir({ SVC_CONFIG_DIR: '/tmp/cfg', XDG_CONFIG_HOME: '/xdg' }, 'linux', '/home/ada')).toBe('/tmp/cfg');
    expect(configDir({ SVC_CONFIG_DIR: '/tmp/cfg' }, 'darwin', '/Users/ada')).toBe('/tmp/cfg');
  });
});

describe('maskKey', () => {
  it('keeps the kind prefix and the last four characters only', () => {
    expect(maskKey('sk-1234567890abcdef0000f00d')).toBe('sk-…f00d');
    expect(maskKey('sk-1234567890abcdef0000f00d')).not.toContain('1234');
  });
  it('shows no tail of a key too short to hide', () => {
    expect(maskKey('sk-short')).toBe('sk-…');
    expect(maskKey('abc')).toBe('…');
  });
});
