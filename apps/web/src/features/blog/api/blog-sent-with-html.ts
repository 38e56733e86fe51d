import { BLOG_DATA_ELEMENT_ID } from '@parley/domain/blog';
import { takeJsonBlock } from '../../../shared/lib/json-block';

// The server puts the list (on /blog) or the post (on /blog/:slug) in the page's HTML, so the
// first view renders without waiting for a request. Read once: the block is removed, so a later
// visit in this tab asks the server.

type SentWithHtml = { kind: 'list'; list: unknown } | { kind: 'post'; post: unknown };

let taken: SentWithHtml | null | undefined;

function takeBlock(): SentWithHtml | null {
  if (taken === undefined) taken = (takeJsonBlock(BLOG_DATA_ELEMENT_ID) as SentWithHtml | undefined) ?? null;
  return taken;
}

/** The list the HTML brought (unparsed), once. */
export function listSentWithHtml(): unknown {
  const block = takeBlock();
  if (block?.kind !== 'list') return undefined;
  taken = null;
  return block.list;
}

/** The post the HTML brought (unparsed), once, when it is the post asked for. */
export function postSentWithHtml(slug: string): unknown {
  const block = takeBlock();
  if (block?.kind !== 'post' || (block.post as { slug?: unknown } | null)?.slug !== slug) return undefined;
  taken = null;
  return block.post;
}

/** Tests: forget what was read. */
export function resetSentWithHtml(): void {
  taken = undefined;
}
