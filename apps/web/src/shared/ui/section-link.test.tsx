import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { SectionLink } from './section-link';

describe('SectionLink', () => {
  it('scrolls to a section without fields and focuses the section itself, so the next Tab goes on from there', () => {
    render(
      <>
        <SectionLink to="verticals">Explore programmes</SectionLink>
        <button type="button">Before</button>
        <section id="verticals" aria-label="Programmes">
          <a href="/english">English</a>
        </section>
      </>,
    );
    const section = screen.getByRole('region', { name: 'Programmes' });
    // jsdom does not lay out, so has no scrollIntoView.
    section.scrollIntoView = vi.fn();
    expect(fireEvent.click(screen.getByRole('link', { name: 'Explore programmes' }))).toBe(false);
    expect(section.scrollIntoView).toHaveBeenCalled();
    expect(section).toHaveFocus();
    expect(section).toHaveAttribute('tabindex', '-1');
  });

  it('leaves the link to the browser when the section is not on the page', () => {
    render(<SectionLink to="nowhere">Jump</SectionLink>);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Jump' }))).toBe(true);
  });
});
