import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { wrappingText } from './data-table.tsx';

describe('wrappingText', () => {
  it('leaves ordinary words as they are', () => {
    expect(wrappingText('Lakeside Clinical Research')).toBe('Lakeside Clinical Research');
  });

  it('lets a long token break every 8 characters, its text unchanged', () => {
    const subject = '=HYPERLINK("x","mww995vr")';
    const { container } = render(<span>{wrappingText(`Subject ${subject}`)}</span>);
    expect(container.textContent).toBe(`Subject ${subject}`);
    expect(container.querySelectorAll('wbr')).toHaveLength(Math.ceil(subject.length / 8) - 1);
  });
});
