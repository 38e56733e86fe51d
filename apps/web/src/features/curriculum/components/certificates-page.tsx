import { PlaceholderPage } from '../../../shared/ui/empty-state';

/** /learner/certificates */
export function CertificatesPage() {
  return <PlaceholderPage title="Certificates" subtitle="Earned as you finish curriculum levels." emptyTitle="Your certificates will appear here" emptyBody="Finish a level to earn your first certificate." icon="award" />;
}
