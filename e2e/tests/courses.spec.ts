import { expect, test, type Page } from '@playwright/test';

// The learner's side of courses, end to end in the browser: browse the catalogue, fill the cart,
// pay through the sandbox checkout, learn every lesson of a course in the player (video, PDF,
// text), get the certificate, open its PDF and check it on the public page; and gift a course to
// someone who redeems it from the e-mail in the development outbox. Each test signs up its own
// learners, so no test depends on what another one (or the demo learner's seeded state) did.

const PASSWORD = 'Parley@2026';

// Visitors are priced by the country their time zone implies: these learners are in India.
test.use({ timezoneId: 'Asia/Kolkata' });

// Two live courses of the demo catalogue (apps/server/src/db/seed/course-catalogue.ts), priced ₹599 and ₹699.
const PHONICS = 'Phonics Adventures for Young Readers';
const STORYTELLING = 'Storytelling English for Kids';
const PHONICS_LESSONS = [
  { title: 'Meet the sounds (watch together)', kind: 'video' },
  { title: 'Parent guide: letter names and letter sounds', kind: 'text' },
  { title: 'Blending: sounds into words', kind: 'text' },
  { title: 'Activity sheet: sound hunt and word builder', kind: 'pdf' },
  { title: 'Tricky words you cannot sound out', kind: 'text' },
] as const;

// A lesson can be marked complete once it has been open long enough in real time (domain
// `lessonCompletion`): half a video's length (its file's, when shorter than the lesson says: the
// seeded phonics video runs 5 s), 30 s for a PDF or text lesson; a little more for the start call
// that follows the page.
const LESSON_READ_WAIT_MS = 30_000 + 5_000;

type NewLearner = { name: string; email: string };

function newLearner(name: string, tag: string): NewLearner {
  return { name, email: `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@parley.test` };
}

/** On /login or /signup: the Create account tab, an Indian learner (prices in rupees). */
async function signUp(page: Page, learner: NewLearner): Promise<void> {
  await expect(page).toHaveURL(/\/(login|signup)/);
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Full name').fill(learner.name);
  await page.getByLabel('Email').fill(learner.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Country').selectOption('IN');
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** The built-in sandbox checkout: checks the amount, then pays. */
async function payInSandbox(page: Page, amount: string): Promise<void> {
  await expect(page.getByTestId('sandbox-amount')).toHaveText(amount);
  await page.getByTestId('sandbox-pay').click();
  await expect(page.getByTestId('sandbox-checkout')).toHaveCount(0);
}

test('a visitor signs up from the catalogue, buys two courses in one payment, completes one and gets a certificate anyone can verify', async ({ page, browser }) => {
  // Includes the 90 s the phonics video must be open before it can be marked complete.
  test.setTimeout(300_000);
  const learner = newLearner('Kavya Iyer', 'buyer');

  // The catalogue is public; adding to the cart asks to sign in first, comes back here and adds it.
  await page.goto('/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  await page.getByLabel('Subject').selectOption('Kids');
  await expect(page).toHaveURL(/[?&]subject=Kids/);
  const phonicsCard = page.getByRole('article', { name: PHONICS });
  const storytellingCard = page.getByRole('article', { name: STORYTELLING });
  await expect(phonicsCard).toContainText('₹599');
  await expect(storytellingCard).toContainText('₹699');
  await phonicsCard.getByRole('button', { name: /^Add to cart/ }).click();
  await signUp(page, learner);
  await expect(page).toHaveURL(/\/courses\?subject=Kids$/);

  // Two courses into the cart (the one pressed before signing up, then another): the cart link counts them.
  await expect(page.getByText(`${PHONICS} is in your cart.`)).toBeVisible();
  await expect(phonicsCard.getByRole('link', { name: /^In cart.*go to the cart$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 course' })).toBeVisible();
  await storytellingCard.getByRole('button', { name: /^Add to cart/ }).click();
  await expect(storytellingCard.getByRole('link', { name: /^In cart.*go to the cart$/ })).toBeVisible();
  await page.getByRole('link', { name: 'Cart, 2 courses' }).click();

  // The cart, with the count in the top navigation, pays for both at once through the checkout.
  await expect(page).toHaveURL(/\/courses\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 2 courses' })).toBeVisible();
  await expect(page.getByRole('link', { name: PHONICS, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: STORYTELLING, exact: true })).toBeVisible();
  await expect(page.getByText('Total (2 courses)')).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('₹1,298');
  await page.getByRole('button', { name: 'Pay online' }).click();
  await payInSandbox(page, '₹1,298.00');

  const ready = page.getByRole('region', { name: 'Your courses are ready' });
  await expect(ready.getByText('Course purchased successfully')).toBeVisible();
  for (const title of [PHONICS, STORYTELLING]) await expect(ready.getByRole('listitem').filter({ hasText: title }).getByRole('link', { name: /^Start learning/ })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 0 courses' })).toBeVisible();

  // My Courses shows both, not started: each offers Start.
  await page.getByRole('link', { name: 'Go to My Courses' }).click();
  await expect(page).toHaveURL(/\/courses\/myCourses$/);
  const myPhonics = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: PHONICS }) });
  const myStorytelling = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: STORYTELLING }) });
  await expect(myPhonics.getByTestId('my-course-percent')).toHaveText('0 %');
  await expect(myStorytelling.getByTestId('my-course-percent')).toHaveText('0 %');

  // The player: full screen, without the navigation shell.
  await myPhonics.getByRole('link', { name: `Start ${PHONICS}` }).click();
  await expect(page).toHaveURL(/\/AICourses\/[0-9a-f-]{36}\?lesson=/);
  const courseId = /\/AICourses\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { level: 1, name: PHONICS })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);

  // First the learner looks through every lesson (video, PDF, text): opening one starts its clock.
  const total = PHONICS_LESSONS.length;
  const firstLessonUrl = page.url();
  let lastOpenedAt = 0;
  for (const [index, lesson] of PHONICS_LESSONS.entries()) {
    await expect(page.getByRole('heading', { level: 2, name: lesson.title })).toBeVisible();
    await expect(page.getByText(`Lesson ${index + 1} of ${total} ·`)).toBeVisible();
    if (lesson.kind === 'video') {
      // The browser has read the file's metadata through the media route: it plays.
      const video = page.getByLabel(`Video: ${lesson.title}`);
      await expect(video).toBeVisible();
      await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { message: 'the lesson video loads' }).toBeGreaterThanOrEqual(1);
      expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(0);
    } else if (lesson.kind === 'pdf') {
      const viewer = page.getByRole('figure', { name: lesson.title });
      await expect(viewer.locator('canvas')).toBeVisible();
      await expect(page.getByText('Failed to load PDF.')).toHaveCount(0);
      await expect(page.getByText('No PDF found')).toHaveCount(0);
    } else {
      await expect(page.getByTestId('text-lesson')).not.toBeEmpty();
      if (index === 1) {
        // Marked complete straight away: refused, with how long is left, and nothing changes.
        await page.getByRole('button', { name: 'Mark complete' }).click();
        await expect(page.getByRole('status').filter({ hasText: /^Keep reading — this lesson can be marked complete in \d+ seconds\.$/ })).toBeVisible();
        await expect(page.getByText(`0 of ${total} lessons · 0 %`)).toBeVisible();
      }
    }
    lastOpenedAt = Date.now();
    const next = PHONICS_LESSONS[index + 1];
    if (next) await page.getByRole('link', { name: `Next lesson: ${next.title}` }).click();
  }

  // Then, once the last one opened has been open long enough, they mark each lesson complete in turn.
  await page.waitForTimeout(Math.max(0, lastOpenedAt + LESSON_READ_WAIT_MS - Date.now()));
  await page.goto(firstLessonUrl);
  for (const [index, lesson] of PHONICS_LESSONS.entries()) {
    await expect(page.getByRole('heading', { level: 2, name: lesson.title })).toBeVisible();
    await page.getByRole('button', { name: 'Mark complete' }).click();
    const done = index + 1;
    await expect(page.getByText(`${done} of ${total} lessons · ${Math.floor((done * 100) / total)} %`)).toBeVisible();
  }
  await expect(page.getByText('Lesson completed')).toBeVisible();

  // Every lesson done: the certificate is issued and announced.
  const notice = page.getByRole('status').filter({ hasText: 'Congratulations!' });
  await expect(notice).toContainText(`You finished ${PHONICS} and earned a certificate.`);
  await notice.getByRole('link', { name: 'View your certificate' }).click();

  // /learner/certificates opens it in the PDF viewer; its PDF is a real PDF.
  const viewer = page.getByRole('dialog', { name: `Certificate: ${PHONICS}` });
  await expect(viewer.getByRole('figure', { name: `Certificate for ${PHONICS}` }).locator('canvas')).toBeVisible();
  // The link named it (?view=); open, the address no longer does, so Back closes it like any dialog.
  await expect(page).toHaveURL(/\/learner\/certificates$/);
  const pdfHref = await viewer.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  expect(pdfHref).toBeTruthy();
  const pdf = await page.request.get(pdfHref!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Back closes the viewer and stays on the list.
  await page.goBack();
  await expect(viewer).toBeHidden();
  await expect(page).toHaveURL(/\/learner\/certificates$/);

  const certificates = page.getByRole('list', { name: 'Your certificates' }).getByRole('listitem');
  await expect(certificates).toHaveCount(1);
  await expect(certificates.getByRole('heading', { name: PHONICS })).toBeVisible();
  const code = ((await certificates.locator('code').textContent()) ?? '').trim();
  expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);

  // My Courses: done, with the certificate; the other course still to start.
  await page.goto('/courses/myCourses');
  await expect(myPhonics.getByTestId('my-course-percent')).toHaveText('100 %');
  await expect(myPhonics.getByRole('link', { name: `Certificate for ${PHONICS}` })).toBeVisible();
  await expect(myStorytelling.getByTestId('my-course-percent')).toHaveText('0 %');

  // A course owned cannot be bought again: its page offers learning instead.
  await page.goto(`/courses/${courseId}`);
  await expect(page.getByText('You own this course')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Review the course (100%)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy now' })).toHaveCount(0);

  // Anyone, signed in or not, can check the certificate by its code.
  const visitor = await browser.newContext({ timezoneId: 'America/New_York' });
  const check = await visitor.newPage();
  await check.goto(`/certificates/${code}`);
  await expect(check.getByRole('heading', { level: 1, name: 'Certificate check' })).toBeVisible();
  const result = check.getByRole('region', { name: 'This certificate is valid' });
  await expect(result).toBeVisible();
  await expect(result.getByRole('definition').filter({ hasText: learner.name })).toBeVisible();
  await expect(result.getByRole('definition').filter({ hasText: PHONICS })).toBeVisible();
  await check.goto('/certificates/AAAA-BBBB-CCCC');
  await expect(check.getByRole('heading', { name: 'No certificate found' })).toBeVisible();
  await visitor.close();
});

test('a learner gifts a course by e-mail; the recipient signs up from the link and owns it, and the gift cannot be redeemed again', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const giver = newLearner('Rohan Kapoor', 'giver');
  const recipient = newLearner('Nisha Kapoor', 'recipient');

  await page.goto('/signup');
  await signUp(page, giver);
  await expect(page).toHaveURL(/\/learner$/);

  // From the course page: Gift this course, paid online.
  await page.goto('/courses?subject=Kids');
  await page.getByRole('link', { name: STORYTELLING, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: STORYTELLING })).toBeVisible();
  await page.getByRole('button', { name: 'Gift this course' }).click();
  const gift = page.getByRole('dialog', { name: 'Gift this course' });
  await gift.getByLabel("Recipient's name").fill(recipient.name);
  await gift.getByLabel("Recipient's e-mail").fill(recipient.email);
  await gift.getByLabel('Message (optional)').fill('Happy birthday! Enjoy the stories.');
  // Short of money: Add money from the gift dialog, paid at the checkout. Once the money is in, the
  // focus goes on to Pay with wallet in the gift dialog, not to the page behind it.
  await expect(gift.getByRole('button', { name: 'Pay with wallet' })).toBeDisabled();
  await gift.getByRole('button', { name: 'Add money' }).click();
  const addMoney = page.getByRole('dialog', { name: 'Add Money' });
  await addMoney.getByLabel('Other amount').fill('1000');
  await addMoney.getByRole('button', { name: 'Next' }).click();
  await payInSandbox(page, '₹1,000.00');
  await expect(addMoney).toBeHidden();
  await expect(gift.getByRole('button', { name: 'Pay with wallet' })).toBeFocused();
  await gift.getByRole('button', { name: 'Pay online' }).click();
  await payInSandbox(page, '₹699.00');
  await expect(gift.getByRole('status').filter({ hasText: 'Gift sent successfully' })).toContainText(`${recipient.name} will get an e-mail at ${recipient.email}`);
  await gift.getByRole('button', { name: 'Done' }).click();
  await expect(gift).toBeHidden();
  // The giver does not own it.
  await expect(page.getByRole('button', { name: 'Buy now' })).toBeVisible();

  // The e-mail, read from the development outbox, carries the redeem link.
  let link = '';
  await expect
    .poll(
      async () => {
        const outbox = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(recipient.email)}`);
        expect(outbox.ok()).toBe(true);
        const { items } = (await outbox.json()) as { items: { subject: string; text: string }[] };
        link = /\/courses\/gift\/[A-Za-z0-9_-]{16,64}/.exec(items[0]?.text ?? '')?.[0] ?? '';
        return link;
      },
      { message: 'a redeem link is in the outbox' },
    )
    .not.toBe('');

  // The recipient opens it signed out, signs up from it and redeems.
  const recipientContext = await browser.newContext();
  const other = await recipientContext.newPage();
  await other.goto(link);
  await expect(other.getByRole('heading', { level: 1, name: 'A course gift for you' })).toBeVisible();
  await expect(other.getByText(`${giver.name} sent ${recipient.name} a course`)).toBeVisible();
  await expect(other.getByRole('heading', { level: 2, name: STORYTELLING })).toBeVisible();
  await expect(other.getByText('Happy birthday! Enjoy the stories.')).toBeVisible();
  await other.getByRole('button', { name: 'Log in to redeem' }).click();
  await signUp(other, recipient);
  await expect(other).toHaveURL(new RegExp(`${link}$`));
  await other.getByRole('button', { name: 'Redeem' }).click();
  await expect(other.getByRole('status').filter({ hasText: 'Gift redeemed. The course is yours.' })).toBeVisible();
  await other.getByRole('link', { name: 'My courses' }).click();
  await expect(other.getByRole('heading', { name: STORYTELLING })).toBeVisible();

  await recipientContext.close();

  // Redeemed once: the link says so, and a second redeem (here by the giver) is refused.
  await page.goto(link);
  await expect(page.getByText('This gift has already been redeemed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Redeem' })).toHaveCount(0);
  const code = link.split('/').pop()!;
  const again = await page.request.post('/api/courses/gifts/redeem', { data: { code }, headers: { 'x-parley-client': 'web' } });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { message?: string }).message).toBe('This gift has already been redeemed.');
  await page.goto('/courses/myCourses');
  await expect(page.getByRole('heading', { name: 'No courses yet' })).toBeVisible();
});
