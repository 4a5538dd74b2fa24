import { describe, expect, it } from 'vitest';
import { draftHasInput, draftKey, orderDraftSchema, orderDrafts } from './order-draft.ts';

/** A Storage in memory (sessionStorage's three calls). */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

const blank = orderDraftSchema.parse({});

describe('order drafts', () => {
  it('keeps a draft per user and role, and never the e-signature', () => {
    const storage = memoryStorage();
    const key = draftKey(7, 3);
    const drafts = orderDrafts(storage, key);
    drafts.save({ ...blank, studyId: 1, subjectId: 'S-1', electronicSignature: 'Secret123' });
    expect(storage.items.get(key)).not.toContain('Secret123');
    expect(drafts.read()).toMatchObject({ studyId: 1, subjectId: 'S-1' });
    expect(drafts.read()).not.toHaveProperty('electronicSignature');
    expect(orderDrafts(storage, draftKey(7, 4)).read()).toBeNull();
    expect(orderDrafts(storage, draftKey(8, 3)).read()).toBeNull();
  });

  it('drops a draft it cannot read instead of trusting part of it', () => {
    const storage = memoryStorage();
    const key = draftKey(1, null);
    storage.setItem(key, '{"studyId":"not a number"}');
    expect(orderDrafts(storage, key).read()).toBeNull();
    expect(storage.items.has(key)).toBe(false);
    storage.setItem(key, 'not json');
    expect(orderDrafts(storage, key).read()).toBeNull();
  });

  it('clears, and survives a storage that refuses', () => {
    const storage = memoryStorage();
    const drafts = orderDrafts(storage, 'k');
    drafts.save({ ...blank, subjectId: 'S' });
    drafts.clear();
    expect(drafts.read()).toBeNull();
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const none = orderDrafts(refusing, 'k');
    expect(() => none.save({ ...blank, subjectId: 'S' })).not.toThrow();
    expect(none.read()).toBeNull();
  });

  it('counts only what the user typed or picked as input, not a fixed own company', () => {
    expect(draftHasInput(blank, {})).toBe(false);
    expect(draftHasInput({ ...blank, siteId: 5 }, { siteId: 5 })).toBe(false);
    expect(draftHasInput({ ...blank, siteId: 5 }, {})).toBe(true);
    expect(draftHasInput({ ...blank, subjectId: '  ' }, {})).toBe(false);
    expect(draftHasInput({ ...blank, requestedActivity: 0 }, {})).toBe(true);
    expect(draftHasInput({ ...blank, additional_notes: 'x' }, {})).toBe(true);
  });
});
