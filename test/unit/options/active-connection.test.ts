import { beforeEach, describe, expect, it } from 'vitest';
import { activeConnection, connectionKeyOf, serviceHostOf } from '../../../lib/options/active-connection';
import { defaultProfileName, suggestedName } from '../../../lib/options/default-name';
import { useCatalogue } from '../fixtures/catalogue';

// The suggested profile name is worded by the catalogue.
beforeEach(useCatalogue);

const A = { id: 'a', name: 'Work', baseUrl: 'https://links.example.com/api', token: 'tok', workspaceId: 'demo' };

describe('the connection the sections load with', () => {
  it('is unknown while the profiles load, none without an active profile or its token', () => {
    expect(connectionKeyOf({ profiles: null, activeId: '' })).toBeNull();
    expect(connectionKeyOf({ profiles: [], activeId: '' })).toBe('');
    expect(connectionKeyOf({ profiles: [{ ...A, token: '' }], activeId: 'a' })).toBe('');
    expect(activeConnection({ profiles: [A], activeId: 'b' })).toBeNull();
  });

  it('changes with the address, the token or the workspace, and with nothing else', () => {
    const key = connectionKeyOf({ profiles: [A], activeId: 'a' });
    expect(connectionKeyOf({ profiles: [{ ...A, name: 'Renamed' }], activeId: 'a' })).toBe(key);
    for (const change of [{ baseUrl: 'https://other.example/api' }, { token: 'fixed' }, { workspaceId: 'other' }]) {
      expect(connectionKeyOf({ profiles: [{ ...A, ...change }], activeId: 'a' })).not.toBe(key);
    }
  });

  it('names the service by its host', () => {
    expect(serviceHostOf(' https://links.example.com:8443/api ')).toBe('links.example.com');
    expect(serviceHostOf('not an address')).toBe('');
  });
});

describe('the name of a profile left unnamed', () => {
  it('is its workspace at its host, once both are typed', () => {
    expect(suggestedName('https://links.example.com/api', ' demo ')).toBe('demo on links.example.com');
    expect(suggestedName('', 'demo')).toBe('');
    expect(suggestedName('https://links.example.com/api', '')).toBe('');
  });

  it('is made unique among the other profiles, by the name rule (case aside)', () => {
    const others = [{ name: 'DEMO on links.example.com' }, { name: 'demo on links.example.com (2)' }];
    expect(defaultProfileName('https://links.example.com/api', 'demo', others)).toBe('demo on links.example.com (3)');
  });

  it('keeps to the name rule\'s length', () => {
    const name = defaultProfileName(`https://${'a'.repeat(50)}.example.com/api`, 'workspace', []);
    expect(name.length).toBeLessThanOrEqual(60);
    expect(name.endsWith('…')).toBe(true);
  });
});
