import { PlaceholderPage } from '../../../shared/ui/empty-state';

/** /curriculumNew/progress */
export function CurriculumProgressPage() {
  return <PlaceholderPage title="Progress" subtitle="Topics completed and skills growing." icon="chart" />;
}
