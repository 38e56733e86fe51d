import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderAt } from '../../../test/render';
import { LandingFooter, popularPosts } from './landing-footer';

// The blog's posts are the Markdown files the server serves (content/blog/<slug>.md).
const postSlugs = readdirSync(path.join(import.meta.dirname, '../../../../../../content/blog')).map((name) => name.replace(/\.md$/, ''));

describe('the landing footer', () => {
  it('links its popular blog posts to articles that exist', () => {
    renderAt(<LandingFooter />);
    const links = within(screen.getByRole('navigation', { name: 'Popular blogs' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(popularPosts.map((post) => `/blog/${post.slug}`));
    expect(postSlugs.length).toBeGreaterThanOrEqual(6);
    for (const post of popularPosts) expect(postSlugs).toContain(post.slug);
  });

  it('sends Teach with Us to the tutor application, not the tutor login', () => {
    renderAt(<LandingFooter />);
    const resources = screen.getByRole('navigation', { name: 'Resources' });
    expect(within(resources).getByRole('link', { name: 'Teach with Us' })).toHaveAttribute('href', '/teach-with-us');
  });

  it('links only to pages that do what they say: no affiliate link while affiliates cannot apply here', () => {
    renderAt(<LandingFooter />);
    const resources = screen.getByRole('navigation', { name: 'Resources' });
    expect(within(resources).getAllByRole('link').map((link) => link.textContent)).toEqual(['Teach with Us', 'Privacy Policy', 'For Organizations']);
  });

  it('shows no social or app-store links while Parley’s own are not configured', () => {
    renderAt(<LandingFooter />);
    expect(screen.queryByRole('navigation', { name: 'Social' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Get the app' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Google Play|App Store/ })).not.toBeInTheDocument();
    // Three sections, three columns: no empty fourth one at lg.
    const grid = screen.getByRole('contentinfo').firstElementChild!;
    expect(grid.children).toHaveLength(3);
    expect(grid).toHaveClass('lg:grid-cols-3');
    expect(grid).not.toHaveClass('lg:grid-cols-4');
  });
});
