import { describe, expect, it } from 'vitest';
import { leaveGuards } from './leave-guards.ts';

const question = (title: string) => ({ title, text: '', stay: 'Stay', leave: 'Leave' });

describe('leave guards', () => {
  it('asks the active guards only, the innermost first, and forgets a removed one', () => {
    const guards = leaveGuards();
    let pageDirty = true;
    let dialogDirty = false;
    guards.add({ active: () => pageDirty, question: question('page') });
    const removeDialog = guards.add({ active: () => dialogDirty, question: question('dialog') });
    expect(guards.questions().map((q) => q.title)).toEqual(['page']);
    dialogDirty = true;
    expect(guards.questions().map((q) => q.title)).toEqual(['dialog', 'page']);
    removeDialog();
    pageDirty = false;
    expect(guards.questions()).toEqual([]);
  });
});
