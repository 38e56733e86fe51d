import { textParagraphs } from '../lib/course-lessons';

/** A text lesson: plain text, one paragraph per blank-line-separated block (never parsed as HTML). */
export function TextLesson({ text }: { text: string | null }) {
  const paragraphs = textParagraphs(text);
  if (paragraphs.length === 0) return <p className="text-base-content/70">This lesson has no text.</p>;
  return (
    <div className="max-w-prose space-y-4 text-base leading-relaxed" data-testid="text-lesson">
      {paragraphs.map((paragraph, index) => (
        <p key={index} className="whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </div>
  );
}
