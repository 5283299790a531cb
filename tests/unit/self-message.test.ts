import { describe, expect, it } from 'vitest';
import { Registry } from '../../src/commands/registry';
import { selfMessage } from '../../src/commands/features/self-message';
import { saveSelfMessage } from '../../src/data/self-message';
import { makeTestServices } from './helpers';

describe('the self-message feature', () => {
  const registry = new Registry();
  registry.define(selfMessage);

  it('offers "Message yourself…" only on the own profile with the option on', () => {
    const command = registry.command('activity-touches.message-self')!;
    expect(command.authRequired).toBe(true);
    const at = (path: string, on: boolean, viewer: { id: number; name: string } | null = { id: 1, name: 'Viewer' }) => {
      const { services } = makeTestServices(registry, { path, viewer });
      if (on) services.settings.set('selfMessageEnabled', true);
      return registry.allows(command, services.context(null));
    };
    expect(at('/user/viewer/', true)).toBe(true);
    expect(at('/user/Viewer/animelist', true)).toBe(true);
    expect(at('/user/Viewer/', false)).toBe(false);
    expect(at('/user/Akira/', true)).toBe(false);
    expect(at('/home', true)).toBe(false);
    expect(at('/user/Viewer/', true, null)).toBe(false);
  });

  it('publishes to the viewer with private false (the document asks for the id)', () => {
    expect(saveSelfMessage).toMatchObject({ name: 'SaveMessageActivity', auth: true });
    expect(saveSelfMessage.source).toMatch(
      /SaveMessageActivity\(message: \$message, recipientId: \$recipientId, private: \$private\) \{ id \}/,
    );
  });
});
