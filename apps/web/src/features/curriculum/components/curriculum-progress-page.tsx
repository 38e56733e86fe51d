import { PlaceholderPage } from '../../../shared/ui/empty-state';

/** /curriculumNew/progress */
export function CurriculumProgressPage() {
  return <PlaceholderPage title="Progress" subtitle="Topics completed and skills growing." emptyTitle="Your progress will appear here" emptyBody="Complete your first topic to see your progress." icon="chart" />;
}
