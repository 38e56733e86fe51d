import { useId, useState } from 'react';
import { messages } from '@parley/domain/messages';
import { bioPreview } from '@parley/domain/tutor-display';

/** Read more at 50 or more words; the collapsed bio is cut at 250 characters. */
export function TutorBio({ bio }: { bio: string | null }) {
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  const preview = bioPreview(bio);
  if (preview.isEmpty) return <p className="text-sm italic text-base-content/60">{messages.bioNotAvailable}</p>;
  return (
    <div className="text-sm leading-relaxed text-base-content/80">
      <p id={textId} data-testid="tutor-bio" className="whitespace-pre-line">
        {expanded ? preview.fullText : preview.text}
      </p>
      {preview.hasReadMore ? (
        <button
          type="button"
          className="link link-primary mt-1 text-sm font-medium no-underline hover:underline"
          aria-expanded={expanded}
          aria-controls={textId}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? 'Read less' : 'Read more'}
        </button>
      ) : null}
    </div>
  );
}
