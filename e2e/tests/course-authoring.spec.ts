import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { accounts, signIn } from '../support/sign-in';

// A course from the creator's first draft to the catalogue: the creator writes it (details, a
// cover image, a video with captions, a PDF and a text lesson, prices), saves and submits it; the moderator
// previews its lessons in the review queue and approves it; then anyone finds it in /courses.

const seedMedia = (name: string) => fileURLToPath(new URL(`../../apps/server/src/db/seed/media/${name}`, import.meta.url));

/** A one-page PDF with a line of text, its cross-reference table at the right byte offsets. */
function onePagePdf(text: string): Buffer {
  const content = `BT /F1 24 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Module `n` of the editor (its name grows with its title: "Module 1: Basics"). */
const moduleEditor = (page: Page, n: number) => page.getByRole('region', { name: new RegExp(`^Module ${n}\\b`) });
/** Lesson `n` of a module (a fieldset named "Lesson 1" or "Lesson 1: its title"). */
const lessonEditor = (module: Locator, n: number) => module.getByRole('group', { name: new RegExp(`^Lesson ${n}\\b`) });

test('a creator writes and submits a course, a moderator previews and approves it, and it is in the catalogue', async ({ browser }) => {
  test.setTimeout(180_000);
  const title = `Confident Phone Calls ${Date.now().toString(36)}`;
  const textLesson = 'Open with your name and why you are calling.\n\nThen say what you need in one sentence, and check you were understood.';

  // ---- The creator ----
  const creatorContext = await browser.newContext();
  const creator = await creatorContext.newPage();
  await signIn(creator, accounts.creator);
  await expect(creator.getByRole('heading', { level: 1, name: 'Your courses' })).toBeVisible();
  await creator.getByRole('button', { name: 'New course' }).click();
  const newCourse = creator.getByRole('dialog', { name: 'New course' });
  await newCourse.getByLabel('Subject').selectOption('English');
  await newCourse.getByLabel('Course title').fill(title);
  await newCourse.getByRole('button', { name: 'Create course' }).click();

  await expect(creator).toHaveURL(/\/creators\/courses\/[0-9a-f-]{36}$/);
  await expect(creator.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await creator.getByLabel('Description').fill('Make and take phone calls in English without freezing: openings, asking people to repeat, and closing politely.');
  await creator.getByLabel('Level').selectOption('Intermediate');

  const cover = creator.getByRole('region', { name: 'Cover image' });
  await cover.getByLabel('Cover image', { exact: true }).setInputFiles(seedMedia('business-english-cover.jpg'));
  await expect(cover.getByRole('img', { name: 'Cover image: preview' })).toBeVisible();
  await expect(cover.getByRole('button', { name: 'Remove business-english-cover.jpg' })).toBeVisible();

  await creator.getByLabel('Price in rupees (INR)').fill('499');
  await creator.getByLabel('Price in US dollars (USD)').fill('6.99');

  // One module: a video lesson (the free preview), a PDF lesson and a text lesson.
  await creator.getByRole('button', { name: 'Add module' }).click();
  const module = moduleEditor(creator, 1);
  await module.getByLabel('Module title').fill('Calls step by step');

  await module.getByRole('button', { name: 'Add lesson to module 1' }).click();
  const video = lessonEditor(module, 1);
  await video.getByLabel('Lesson title').fill('Why calls feel hard');
  await video.getByLabel('Lesson type').selectOption('video');
  await video.getByLabel('Free preview: anyone can open this lesson before buying').check();
  await video.getByLabel('Lesson video').setInputFiles(seedMedia('business-english.webm'));
  await expect(video.getByRole('button', { name: 'Remove business-english.webm' })).toBeVisible();
  // The file runs 5 seconds: the lesson's minutes follow it (rounded up).
  await expect(video.getByLabel('Duration (minutes)')).toHaveValue('1');
  // Its captions, as a WebVTT file.
  await video.getByLabel('Captions (optional)').setInputFiles({ name: 'why-calls.vtt', mimeType: 'text/vtt', buffer: Buffer.from('WEBVTT\n\n00:00.000 --> 00:04.000\nCalls feel hard because you cannot see the other person.\n') });
  await expect(video.getByRole('button', { name: 'Remove why-calls.vtt' })).toBeVisible();

  await module.getByRole('button', { name: 'Add lesson to module 1' }).click();
  const handout = lessonEditor(module, 2);
  await handout.getByLabel('Lesson title').fill('Phrase sheet for calls');
  await handout.getByLabel('Lesson type').selectOption('pdf');
  await handout.getByLabel('Lesson PDF').setInputFiles({ name: 'phone-phrases.pdf', mimeType: 'application/pdf', buffer: onePagePdf('Phone phrases') });
  await expect(handout.getByRole('button', { name: 'Remove phone-phrases.pdf' })).toBeVisible();

  await module.getByRole('button', { name: 'Add lesson to module 1' }).click();
  const reading = lessonEditor(module, 3);
  await reading.getByLabel('Lesson title').fill('Opening a call');
  await reading.getByLabel('Lesson type').selectOption('text');
  await reading.getByLabel('Lesson text').fill(textLesson);

  await creator.getByRole('button', { name: 'Save draft' }).click();
  await expect(creator.getByRole('button', { name: 'Save draft' }).locator('..').getByText(/^Draft saved at /)).toBeVisible();
  await creator.getByRole('button', { name: 'Submit for review' }).click();
  const submitting = creator.getByRole('dialog', { name: 'Submit for review?' });
  await expect(submitting).toContainText('learners pay ₹');
  await submitting.getByRole('button', { name: 'Submit for review' }).click();
  await expect(creator.getByText('In review — you’ll see the decision here.')).toBeVisible();
  await expect(creator.getByRole('button', { name: 'Submit for review' })).toHaveCount(0);

  // The dashboard lists it as in review.
  await creator.getByRole('link', { name: '← Your courses' }).click();
  const row = creator.getByRole('row').filter({ has: creator.getByRole('link', { name: title }) });
  await expect(row).toContainText('In review');

  // ---- The moderator ----
  const moderatorContext = await browser.newContext();
  const moderator = await moderatorContext.newPage();
  await signIn(moderator, accounts.moderator);
  await moderator.getByRole('tab', { name: 'Course reviews' }).click();
  const queue = moderator.getByRole('region', { name: 'Courses waiting for review', exact: true });
  const queued = queue.getByRole('row').filter({ hasText: title });
  await expect(queued).toContainText('New course');
  await queued.getByRole('link', { name: `Review ${title}` }).click();

  await expect(moderator.getByRole('heading', { level: 1, name: `Review: ${title}` })).toBeVisible();
  await expect(moderator.getByRole('img', { name: `Cover image of ${title}` })).toBeVisible();
  await expect(moderator.getByText('3 in 1 module, 21 min in all')).toBeVisible();

  await moderator.getByRole('button', { name: 'Preview lesson 1.1 Why calls feel hard' }).click();
  const preview = moderator.getByLabel('Video: Why calls feel hard');
  await expect.poll(() => preview.evaluate((element: HTMLVideoElement) => element.readyState), { message: 'the uploaded video plays' }).toBeGreaterThanOrEqual(1);
  await expect(moderator.getByText(/Captions: why-calls\.vtt/)).toBeVisible();
  // The captions load as the browser's own captions track (2: loaded).
  await expect.poll(() => preview.evaluate((element: HTMLVideoElement) => element.querySelector('track')?.readyState), { message: 'the captions load' }).toBe(2);
  expect(await preview.evaluate((element: HTMLVideoElement) => element.textTracks[0]?.cues?.[0] && (element.textTracks[0].cues[0] as VTTCue).text)).toBe(
    'Calls feel hard because you cannot see the other person.',
  );
  await moderator.getByRole('button', { name: 'Preview lesson 1.2 Phrase sheet for calls' }).click();
  await expect(moderator.getByRole('figure', { name: 'Phrase sheet for calls' }).locator('canvas')).toBeVisible();
  await expect(moderator.getByText('Failed to load PDF.')).toHaveCount(0);
  await moderator.getByRole('button', { name: 'Preview lesson 1.3 Opening a call' }).click();
  await expect(moderator.getByText('Open with your name and why you are calling.')).toBeVisible();

  await moderator.getByRole('button', { name: 'Approve' }).click();
  const confirm = moderator.getByRole('dialog', { name: 'Approve this course?' });
  await expect(confirm).toContainText(`“${title}” goes live in the catalogue at once`);
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(moderator).toHaveURL(/\/moderator\/dashboard\?section=courses$/);
  await expect(moderator.getByText(`“${title}” is approved and live in the catalogue.`)).toBeVisible();
  await expect(queue.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  await moderatorContext.close();

  // ---- Live: the creator sees it published, and a visitor finds it in the catalogue ----
  await creator.reload();
  await expect(row).toContainText('Published');
  await creatorContext.close();

  // A visitor in India: prices in rupees.
  const visitorContext = await browser.newContext({ timezoneId: 'Asia/Kolkata' });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/courses');
  await visitor.getByRole('searchbox', { name: 'Search courses' }).fill(title);
  await visitor.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(visitor.getByText(`1 course matching "${title}"`)).toBeVisible();
  const card = visitor.getByRole('article', { name: title });
  await expect(card).toContainText('₹499');
  await expect(card).toContainText('by Farhan Ali');
  await card.getByRole('link', { name: title }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText('Make and take phone calls in English without freezing')).toBeVisible();
  const syllabus = visitor.getByRole('region', { name: 'Syllabus' });
  await expect(syllabus.getByRole('heading', { name: /Calls step by step/ })).toBeVisible();
  // The free preview opens without buying (after a login, which the row says); the other lessons are locked.
  await expect(syllabus.getByRole('link', { name: /^Why calls feel hard\W+Free preview: log in to watch$/ })).toBeVisible();
  for (const lesson of ['Phrase sheet for calls', 'Opening a call']) {
    const item = syllabus.getByRole('listitem').filter({ hasText: lesson }).filter({ hasNot: visitor.getByRole('heading') });
    await expect(item).toContainText('Locked until you buy the course');
  }
  await visitorContext.close();
});
