import { Link } from 'react-router';
import type { CurriculumStepView } from '@parley/domain/curriculum';

/** The next step: a topic with what to prepare and its words, the unlocked level test, or why nothing is bookable now. */
export function CurriculumStepCard({ step, canBook }: { step: CurriculumStepView; canBook: boolean }) {
  const book = canBook ? (
    <Link to="/curriculumNew/bookSessionV2" className="btn btn-primary">
      {step.kind === 'levelTest' ? 'Book the level test' : 'Book this topic'}
    </Link>
  ) : (
    <Link to="/curriculum/pricing" className="btn btn-primary">
      Get a curriculum plan
    </Link>
  );
  if (step.kind === 'topic') {
    const { topic } = step;
    return (
      <section aria-labelledby="next-step-title" className="card border border-base-300 bg-base-100">
        <div className="card-body gap-3">
          <p className="text-sm font-semibold text-primary">
            Next topic · {topic.level} · Topic {topic.position}
          </p>
          <h2 id="next-step-title" className="card-title text-xl">
            {topic.title}
          </h2>
          <p className="font-medium">{topic.goal}</p>
          <div>
            <h3 className="text-sm font-semibold">Prepare</h3>
            <p className="text-base-content/80">{topic.preparation}</p>
          </div>
          <div>
            <h3 className="text-sm font-semibold">Words to practise</h3>
            <ul className="mt-1 flex flex-wrap gap-2" aria-label="Words to practise">
              {topic.vocabulary.map((word) => (
                <li key={word} className="badge badge-outline">
                  {word}
                </li>
              ))}
            </ul>
          </div>
          <div className="card-actions">{book}</div>
        </div>
      </section>
    );
  }
  if (step.kind === 'levelTest') {
    return (
      <section aria-labelledby="next-step-title" className="card border border-base-300 bg-base-100">
        <div className="card-body gap-3">
          <p className="text-sm font-semibold text-primary">Level test · {step.test.level}</p>
          <h2 id="next-step-title" className="card-title text-xl">
            Every {step.test.level} topic is complete
          </h2>
          <p>Book the level test with a tutor. Pass it to earn “{step.test.certificateName}”.</p>
          <div className="card-actions">{book}</div>
        </div>
      </section>
    );
  }
  const text =
    step.kind === 'finished'
      ? 'You have finished every level of the curriculum. Well done!'
      : step.reason === 'test_booked'
        ? `Your ${step.level} level test is booked. Your next step opens when your tutor marks it.`
        : `Your remaining ${step.level} topics are booked. The level test opens when your tutors mark them completed.`;
  return (
    <section aria-labelledby="next-step-title" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-2">
        <h2 id="next-step-title" className="card-title text-xl">
          {step.kind === 'finished' ? 'Path complete' : 'Nothing to book right now'}
        </h2>
        <p>{text}</p>
      </div>
    </section>
  );
}
