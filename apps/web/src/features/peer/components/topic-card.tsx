import type { PeerCallInfo } from '@parley/domain/peer';

/** The call's conversation card: the same topic and prompts on both sides. */
export function TopicCard({ topic }: { topic: PeerCallInfo['topic'] }) {
  return (
    <section aria-labelledby="topic-heading" className="self-start rounded-box border border-base-300 bg-base-100 p-4">
      <p className="text-xs font-semibold tracking-wide text-base-content/80 uppercase">Topic</p>
      <h2 id="topic-heading" className="text-lg font-semibold">
        {topic.title}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {topic.prompts.map((prompt) => (
          <li key={prompt}>{prompt}</li>
        ))}
      </ul>
    </section>
  );
}
