import { PlaceholderPage } from '../../../shared/ui/empty-state';

/** /curriculumNew */
export function CurriculumHomePage() {
  return <PlaceholderPage title="Curriculum" subtitle="Your learning path, topic by topic." emptyTitle="Your curriculum will appear here" emptyBody="Topics and levels unlock as you complete sessions." icon="compass" />;
}

/** /curriculumNew/progress */
export function CurriculumProgressPage() {
  return <PlaceholderPage title="Progress" subtitle="Topics completed and skills growing." emptyTitle="Your progress will appear here" emptyBody="Complete your first topic to see your progress." icon="chart" />;
}

/** /learner/my-courses (labelled Curriculum) */
export function MyCurriculumPage() {
  return <PlaceholderPage title="Curriculum" subtitle="The courses that make up your curriculum." emptyTitle="Your curriculum courses will appear here" icon="compass" />;
}

/** /learner/certificates */
export function CertificatesPage() {
  return <PlaceholderPage title="Certificates" subtitle="Earned as you finish curriculum levels." emptyTitle="Your certificates will appear here" emptyBody="Finish a level to earn your first certificate." icon="award" />;
}

/** /curriculum/pricing */
export function CurriculumPricingPage() {
  return <PlaceholderPage title="Curriculum pricing" subtitle="Plans for the guided curriculum." emptyTitle="Curriculum plans will appear here" icon="star" />;
}
