import { Hero, PlansTeaser, VerticalSections } from './landing-sections';

/** `/index-affiliate`: the same page; its header (no menu links) scrolls to the plans. */
export function AffiliateLandingPage() {
  return (
    <>
      <Hero />
      <PlansTeaser />
      <VerticalSections />
    </>
  );
}
