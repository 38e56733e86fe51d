import { PlaceholderPage } from '../../../shared/ui/empty-state';

/** /curriculumNew */
export function CurriculumHomePage() {
  return <PlaceholderPage title="Curriculum" subtitle="Your learning path, topic by topic." icon="compass" />;
}
