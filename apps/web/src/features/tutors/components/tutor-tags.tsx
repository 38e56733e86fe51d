import { shortTag } from '@parley/domain/tutor-display';

/** Tags shown shortened ('Grammar Guru' → 'Grammar', 'Creative Conversationalist' → 'Creativity'). */
export function TutorTags({ tags, label = 'Tags' }: { tags: readonly string[]; label?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li key={tag} title={tag} className="badge badge-soft badge-primary badge-sm font-medium">
          {shortTag(tag)}
        </li>
      ))}
    </ul>
  );
}
