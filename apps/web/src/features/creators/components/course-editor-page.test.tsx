import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { draftChanged, type CreatorCourse } from '@parley/domain/courses';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { setItem } from '../../../shared/lib/storage';
import { CourseEditorPage } from './course-editor-page';

const COURSE_ID = '0b6f3f0e-5d1e-4b7a-9a51-6a2f0b8e7c01';
const MODULE_ID = '6a0c1b2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const LESSON_ID = '7b1d2c3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e';
const uuid = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

function course(overrides: Partial<CreatorCourse> = {}, draft: Partial<CreatorCourse['draft']> = {}): CreatorCourse {
  return {
    _id: COURSE_ID,
    subject: 'IELTS',
    status: 'draft',
    versionId: 'a1b2c3d4-0000-4000-8000-000000000001',
    versionStatus: 'draft',
    rejectionReason: null,
    unpublishReason: null,
    savedAt: '2026-03-01T10:00:00.000Z',
    draft: { title: 'IELTS Writing', description: '', level: 'Beginner', coverMediaId: null, prices: { INR: 4_900, USD: 99 }, modules: [], bonuses: [], ...draft },
    media: [],
    problems: [],
    ...overrides,
  };
}

function renderEditor() {
  setItem('USER', userRecord({ role: 'creator', name: 'Meera Creator', timezone: 'Asia/Kolkata' }));
  return renderAt(<CourseEditorPage />, { route: `/creators/courses/${COURSE_ID}`, path: '/creators/courses/:courseId' });
}

const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const puts = (fetch: ReturnType<typeof mockFetch>) => fetch.mock.calls.filter(([, init]) => init?.method === 'PUT');

afterEach(() => vi.unstubAllGlobals());


/** Confirms the submission in its dialog, which names the prices. */
function confirmSubmit() {
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Submit for review?' })).getByRole('button', { name: 'Submit for review' }));
}

describe('/creators/courses/:courseId', () => {
  it('names the course being edited in the page title', async () => {
    mockFetch({ [`GET /api/creator/courses/${COURSE_ID}`]: () => json(course()) });
    renderEditor();
    await screen.findByRole('heading', { level: 1, name: 'IELTS Writing' });
    await waitFor(() => expect(document.title).toBe('Edit course: IELTS Writing · Parley'));
  });

  it('adds a module and a text lesson and saves the draft with prices in minor units', async () => {
    let saved: unknown;
    const fetch = mockFetch({
      [`GET /api/creator/courses/${COURSE_ID}`]: () => json(course()),
      [`PUT /api/creator/courses/${COURSE_ID}/draft`]: (_url, init) => {
        saved = JSON.parse(init!.body as string);
        return json(course({}, saved as CreatorCourse['draft']));
      },
    });
    renderEditor();

    expect(await screen.findByRole('heading', { level: 1, name: 'IELTS Writing' })).toBeInTheDocument();
    // The stored minimum prices show in rupees and dollars.
    expect(screen.getByLabelText('Price in rupees (INR)')).toHaveValue('49');
    expect(screen.getByLabelText('Price in US dollars (USD)')).toHaveValue('0.99');
    expect(screen.getByText(/from ₹49 to ₹1,00,000/)).toBeInTheDocument();
    expect(screen.getByText(/from \$0\.99 to \$1,500\.00/)).toBeInTheDocument();

    type(screen.getByLabelText('Description'), 'Write band 7 essays with a clear plan.');
    expect(screen.getByText(/38 of 5,000 characters/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Level'), { target: { value: 'Intermediate' } });
    // Prices stay as typed: paise (or a third decimal) are refused at once, never cut into another price; grouped rupees go.
    const inr = screen.getByLabelText('Price in rupees (INR)');
    type(inr, '1,499.50');
    expect(inr).toHaveValue('1,499.50');
    expect(inr).toHaveAccessibleDescription(expect.stringContaining('Enter the price in whole rupees, from ₹49 to ₹1,00,000.'));
    type(inr, '1,499');
    expect(inr).toHaveValue('1,499');
    expect(inr).not.toHaveAttribute('aria-invalid');
    const usd = screen.getByLabelText('Price in US dollars (USD)');
    type(usd, '19.999');
    expect(usd).toHaveValue('19.999');
    expect(usd).toHaveAttribute('aria-invalid', 'true');
    type(usd, '19.99');

    fireEvent.click(screen.getByRole('button', { name: 'Add module' }));
    const moduleTitle = screen.getByLabelText('Module title');
    await waitFor(() => expect(moduleTitle).toHaveFocus());
    type(moduleTitle, 'Getting started');
    fireEvent.click(screen.getByRole('button', { name: 'Add lesson to module 1' }));
    const lesson = screen.getByRole('group', { name: 'Lesson 1' });
    await waitFor(() => expect(within(lesson).getByLabelText('Lesson title')).toHaveFocus());
    type(within(lesson).getByLabelText('Lesson title'), 'Your first essay');
    fireEvent.change(within(lesson).getByLabelText('Lesson type'), { target: { value: 'text' } });
    type(within(lesson).getByLabelText('Duration (minutes)'), '12');
    fireEvent.click(within(lesson).getByLabelText(/Free preview/));
    type(within(lesson).getByLabelText('Lesson text'), 'Plan first, then write.');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    // Shown beside the buttons and announced once.
    expect(await screen.findAllByText(/^Draft saved at \d{1,2}:\d{2} (AM|PM)$/)).toHaveLength(2);
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    expect(saved).toEqual({
      savedAt: '2026-03-01T10:00:00.000Z',
      title: 'IELTS Writing',
      description: 'Write band 7 essays with a clear plan.',
      level: 'Intermediate',
      coverMediaId: null,
      prices: { INR: 149_900, USD: 1_999 },
      modules: [
        {
          _id: uuid,
          title: 'Getting started',
          lessons: [{ _id: uuid, title: 'Your first essay', kind: 'text', durationMin: 12, isPreview: true, mediaId: null, captionsMediaId: null, text: 'Plan first, then write.' }],
        },
      ],
      bonuses: [],
    });
    const headers = new Headers(puts(fetch)[0]![1]!.headers);
    expect(headers.get('x-parley-as')).toBe('creator');
    expect(headers.get('x-parley-client')).toBe('web');
  });

  it('a video lesson takes optional captions, shown with the video and saved with the lesson; a PDF lesson offers none', async () => {
    const video = { _id: 'b0b0b0b0-0000-4000-8000-000000000001', kind: 'video', contentType: 'video/mp4', sizeBytes: 2_048_000, name: 'essay.mp4', durationSeconds: 300, url: '/api/creator/media/b0' } as const;
    const captions = { _id: 'b0b0b0b0-0000-4000-8000-000000000002', kind: 'captions', contentType: 'text/vtt', sizeBytes: 2_048, name: 'essay.vtt', durationSeconds: null, url: '/api/creator/media/b1' } as const;
    const lessons = [
      { _id: LESSON_ID, title: 'Essay structure', kind: 'video' as const, durationMin: 5, isPreview: false, mediaId: video._id, captionsMediaId: captions._id, text: '' },
      { _id: 'c1c1c1c1-0000-4000-8000-000000000001', title: 'Phrases', kind: 'pdf' as const, durationMin: 5, isPreview: false, mediaId: null, captionsMediaId: null, text: '' },
    ];
    let saved: CreatorCourse['draft'] | undefined;
    mockFetch({
      [`GET /api/creator/courses/${COURSE_ID}`]: () => json(course({ media: [video, captions] }, { modules: [{ _id: MODULE_ID, title: 'Basics', lessons }] })),
      [`PUT /api/creator/courses/${COURSE_ID}/draft`]: (_url, init) => {
        saved = JSON.parse(init!.body as string);
        return json(course({ media: [video] }, saved));
      },
    });
    renderEditor();
    const input = await screen.findByLabelText('Captions (optional)');
    expect(input).toHaveAccessibleDescription('Learners who cannot hear the video read what is said. Choose another file to replace it. WebVTT (.vtt) up to 1 MB.');
    expect(screen.getAllByLabelText('Captions (optional)')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Remove essay.vtt' }));
    expect(screen.queryByRole('button', { name: 'Remove essay.vtt' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Captions (optional)')).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(saved).toBeDefined());
    expect(saved!.modules[0]!.lessons.map((lesson) => [lesson.mediaId, lesson.captionsMediaId])).toEqual([
      [video._id, null],
      [null, null],
    ]);
  });

  it('reorders and removes modules with the keyboard focus kept on the moved control', async () => {
    mockFetch({
      [`GET /api/creator/courses/${COURSE_ID}`]: () =>
        json(
          course({}, {
            modules: [
              { _id: MODULE_ID, title: 'First', lessons: [] },
              { _id: '8c2e3d4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', title: 'Second', lessons: [] },
            ],
          }),
        ),
    });
    renderEditor();
    const modules = await screen.findByRole('list', { name: 'Modules' });
    const down = within(modules).getByRole('button', { name: 'Move down module 1' });
    fireEvent.click(down);
    await waitFor(() => expect(within(modules).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Module 1: Second', 'Module 2: First']));
    // "First" is now last: its Move down is disabled, so focus lands on its Move up.
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById(`module-${MODULE_ID}-up`)));

    fireEvent.click(within(modules).getByRole('button', { name: 'Remove module 2' }));
    await waitFor(() => expect(within(modules).getAllByRole('heading', { level: 3 })).toHaveLength(1));
    expect(within(modules).getByRole('heading', { level: 3 })).toHaveFocus();
  });

  it('asks before removing a module with lessons: Cancel keeps it, Remove module takes it and its lessons', async () => {
    mockFetch({
      [`GET /api/creator/courses/${COURSE_ID}`]: () =>
        json(course({}, { modules: [{ _id: MODULE_ID, title: 'Basics', lessons: [{ _id: LESSON_ID, title: 'Plan', kind: 'text', durationMin: 5, isPreview: false, mediaId: null, captionsMediaId: null, text: 'Plan it.' }] }] })),
    });
    renderEditor();
    const modules = await screen.findByRole('list', { name: 'Modules' });
    const remove = within(modules).getByRole('button', { name: 'Remove module 1 and its lesson' });
    fireEvent.click(remove);
    const dialog = screen.getByRole('dialog', { name: 'Remove module 1?' });
    expect(dialog).toHaveTextContent('“Basics” and its lesson leave this draft.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(modules).getAllByRole('heading', { level: 3 })).toHaveLength(1);

    fireEvent.click(remove);
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Remove module 1?' })).getByRole('button', { name: 'Remove module' }));
    await waitFor(() => expect(within(modules).queryAllByRole('heading', { level: 3 })).toHaveLength(0));
    // No module before it: focus goes to Add module, not to <body>.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add module' })).toHaveFocus());
  });

  it('refuses a price out of range before sending, with the error tied to the field', async () => {
    const fetch = mockFetch({ [`GET /api/creator/courses/${COURSE_ID}`]: () => json(course()) });
    renderEditor();
    const inr = await screen.findByLabelText('Price in rupees (INR)');
    type(inr, '10');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Price in INR: Enter a price from ₹49 to ₹1,00,000.');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(inr).toHaveAttribute('aria-invalid', 'true');
    expect(inr).toHaveAccessibleDescription(expect.stringContaining('Enter a price from ₹49 to ₹1,00,000.'));
    expect(puts(fetch)).toHaveLength(0);

    fireEvent.click(within(alert).getByRole('link', { name: /Price in INR/ }));
    expect(inr).toHaveFocus();
  });

  it('keeps a price typed from its dot as a fraction: .99 is saved as $0.99, .5 is refused as below the minimum', async () => {
    let saved: CreatorCourse['draft'] | undefined;
    const fetch = mockFetch({
      [`GET /api/creator/courses/${COURSE_ID}`]: () => json(course({}, { prices: { INR: 4_900, USD: 1_999 } })),
      [`PUT /api/creator/courses/${COURSE_ID}/draft`]: (_url, init) => {
        saved = JSON.parse(init!.body as string) as CreatorCourse['draft'];
        return json(course({}, saved));
      },
    });
    renderEditor();
    const usd = await screen.findByLabelText('Price in US dollars (USD)');
    type(usd, '.5');
    expect(usd).toHaveValue('.5');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Price in USD: Enter a price from $0.99 to $1,500.00.');
    expect(puts(fetch)).toHaveLength(0);

    type(usd, '.99');
    expect(usd).toHaveValue('.99');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(saved?.prices).toEqual({ INR: 4_900, USD: 99 }));
  });

  it.each([
    ['2.5', 'a decimal'],
    ['-5', 'a minus'],
    ['1000', 'over the maximum'],
  ])('refuses a lesson duration of %j (%s) as typed, never saving other minutes', async (typed) => {
    const fetch = mockFetch({
      [`GET /api/creator/courses/${COURSE_ID}`]: () =>
        json(course({}, { modules: [{ _id: MODULE_ID, title: 'Basics', lessons: [{ _id: LESSON_ID, title: 'Plan', kind: 'text', durationMin: 5, isPreview: false, mediaId: null, captionsMediaId: null, text: 'Plan it.' }] }] })),
    });
    renderEditor();
    const duration = await screen.findByLabelText('Duration (minutes)');
    type(duration, typed);
    expect(duration).toHaveValue(typed);
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Module 1, lesson 1, duration: Enter whole minutes from 1 to 600.');
    expect(duration).toHaveAttribute('aria-invalid', 'true');
    expect(duration).toHaveAccessibleDescription('Enter whole minutes from 1 to 600.');
    expect(puts(fetch)).toHaveLength(0);
  });

  it('says at once that a duration with a dot or a minus is not whole minutes', async () => {
    mockFetch({
      [`GET /api/creator/courses/${COURSE_ID}`]: () =>
        json(course({}, { modules: [{ _id: MODULE_ID, title: 'Basics', lessons: [{ _id: LESSON_ID, title: 'Plan', kind: 'text', durationMin: 5, isPreview: false, mediaId: null, captionsMediaId: null, text: 'Plan it.' }] }] })),
    });
    renderEditor();
    const duration = await screen.findByLabelText('Duration (minutes)');
    type(duration, '2.');
    expect(duration).toHaveAttribute('aria-invalid', 'true');
    expect(duration).toHaveAccessibleDescription('Enter whole minutes from 1 to 600.');
    type(duration, '25');
    expect(duration).not.toHaveAttribute('aria-invalid');
  });

  it('names the version it saves over, and says so with Reload when it was saved in another window since', async () => {
    const bodies: { savedAt?: string; title?: string }[] = [];
    let call = 0;
    mockFetch({
      [`GET /api/creator/courses/${COURSE_ID}`]: () => json(course()),
      [`PUT /api/creator/courses/${COURSE_ID}/draft`]: (_url, init) => {
        bodies.push(JSON.parse(init!.body as string));
        return call++ === 0 ? json(course({ savedAt: '2026-03-01T10:05:00.000Z' })) : json({ code: 'DRAFT_CHANGED', message: draftChanged }, 409);
      },
    });
    renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: 'Save draft' }));
    await screen.findAllByText(/^Draft saved at/);
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(draftChanged);
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    // Each save names the time of the version it was made from: first the loaded one, then its own save.
    expect(bodies.map((body) => body.savedAt)).toEqual(['2026-03-01T10:00:00.000Z', '2026-03-01T10:05:00.000Z']);
  });

  it('Save draft keeps the focus while it saves, and a second press sends nothing', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = mockFetch({
      [`GET /api/creator/courses/${COURSE_ID}`]: () => json(course()),
      [`PUT /api/creator/courses/${COURSE_ID}/draft`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderEditor();
    const save = await screen.findByRole('button', { name: 'Save draft' });
    save.focus();
    fireEvent.click(save);
    const saving = await screen.findByRole('button', { name: 'Saving…' });
    expect(saving).toHaveAttribute('aria-disabled', 'true');
    expect(saving).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Submit for review' })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(saving);
    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    answer(json(course({ savedAt: '2026-03-01T10:05:00.000Z' })));
    await screen.findAllByText(/^Draft saved at/);
    expect(screen.getByRole('button', { name: 'Save draft' })).toHaveFocus();
    expect(puts(fetchMock)).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the list of fields to check forgets each one once it is changed', async () => {
    mockFetch({ [`GET /api/creator/courses/${COURSE_ID}`]: () => json(course()) });
    renderEditor();
    const inr = await screen.findByLabelText('Price in rupees (INR)');
    const usd = screen.getByLabelText('Price in US dollars (USD)');
    type(inr, '10');
    type(usd, '0.5');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getAllByRole('listitem')).toHaveLength(2);
    type(inr, '499');
    expect(within(alert).getAllByRole('listitem')).toHaveLength(1);
    type(usd, '4.99');
    expect(screen.queryByText('Check these fields before saving')).not.toBeInTheDocument();
  });

  it('a submission whose unsaved edits cannot be saved says to check them before submitting', async () => {
    const fetchMock = mockFetch({ [`GET /api/creator/courses/${COURSE_ID}`]: () => json(course()) });
    renderEditor();
    type(await screen.findByLabelText('Price in rupees (INR)'), '10');
    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Check these fields before submitting');
    expect(puts(fetchMock)).toHaveLength(0);
  });

  it('shows why a moderator unpublished the course', async () => {
    mockFetch({ [`GET /api/creator/courses/${COURSE_ID}`]: () => json(course({ status: 'unpublished', versionStatus: 'approved', unpublishReason: 'A rights holder asked us to take it down.' })) });
    renderEditor();
    const note = await screen.findByText('A moderator unpublished this course.');
    expect(note.parentElement).toHaveTextContent('Reason: A rights holder asked us to take it down.');
  });

  it("shows the server's field errors on the fields they name", async () => {
    mockFetch({
      [`GET /api/creator/courses/${COURSE_ID}`]: () => json(course()),
      [`PUT /api/creator/courses/${COURSE_ID}/draft`]: () => json({ code: 'VALIDATION_FAILED', message: 'Contains characters that are not allowed', fields: { title: 'Contains characters that are not allowed' } }, 400),
    });
    renderEditor();
    const title = await screen.findByLabelText('Title');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'true'));
    expect(title).toHaveAccessibleDescription('Contains characters that are not allowed');
    expect(screen.getByRole('alert')).toHaveTextContent('The draft was not saved');
  });

  it("lists the server's field errors in page order, each named once, without the field's key", async () => {
    const fields = {
      'bonuses.0.mediaId': 'Upload the file.',
      'modules.0.title': 'Name the module.',
      'prices.INR': 'Enter a price from ₹49 to ₹1,00,000.',
      title: 'Give the course a title.',
      'modules.0.lessons.0.title': 'Name the lesson.',
      description: 'Contains characters that are not allowed',
    };
    mockFetch({
      [`GET /api/creator/courses/${COURSE_ID}`]: () =>
        json(
          course(
            {},
            {
              modules: [{ _id: MODULE_ID, title: 'Basics', lessons: [{ _id: LESSON_ID, title: 'Plan', kind: 'text', durationMin: 5, isPreview: false, mediaId: null, captionsMediaId: null, text: 'Plan it.' }] }],
              bonuses: [{ bonusName: 'Checklist', mediaId: '8c2e3d4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f' }],
            },
          ),
        ),
      [`PUT /api/creator/courses/${COURSE_ID}/draft`]: () => json({ code: 'VALIDATION_FAILED', message: `bonuses.0.mediaId: ${fields['bonuses.0.mediaId']}`, fields }, 400),
    });
    renderEditor();
    await screen.findByLabelText('Title');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() =>
      expect(within(alert).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        'Title: Give the course a title.',
        'Description: Contains characters that are not allowed',
        'Price in INR: Enter a price from ₹49 to ₹1,00,000.',
        'Module 1, title: Name the module.',
        'Module 1, lesson 1, title: Name the lesson.',
        'Bonus file 1, file: Upload the file.',
      ]),
    );
  });

  it("lists the server's problems when submitting an incomplete course, linking each to its field", async () => {
    const problems = ['Write a description of at least 20 characters.', 'Upload a cover image.', 'Upload the video of "Essay structure".'];
    const fetch = mockFetch({
      [`GET /api/creator/courses/${COURSE_ID}`]: () =>
        json(
          course({ problems }, {
            modules: [{ _id: MODULE_ID, title: 'Basics', lessons: [{ _id: LESSON_ID, title: 'Essay structure', kind: 'video', durationMin: 8, isPreview: false, mediaId: null, captionsMediaId: null, text: '' }] }],
          }),
        ),
      [`POST /api/creator/courses/${COURSE_ID}/submit`]: () =>
        json({ code: 'VALIDATION_FAILED', message: `Fix these before submitting: ${problems.join(' ')}`, fields: Object.fromEntries(problems.map((problem, i) => [`problems.${i}`, problem])) }, 400),
    });
    renderEditor();
    // Known problems: no price dialog first, the answer lists them.
    fireEvent.click(await screen.findByRole('button', { name: 'Submit for review' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    const alert = await screen.findByRole('alert', { name: 'Before you can submit for review' });
    await waitFor(() => expect(alert).toHaveFocus());
    const links = within(alert).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(problems);
    expect(links[0]).toHaveAttribute('href', '#course-description');
    expect(links[1]).toHaveAttribute('href', '#course-cover');
    expect(links[2]).toHaveAttribute('href', `#lesson-${LESSON_ID}-file`);
    fireEvent.click(links[2]!);
    expect(screen.getByLabelText('Lesson video')).toHaveFocus();
    // Each field a problem is about says it too, as Save draft's errors do.
    expect(screen.getByLabelText('Lesson video')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Lesson video')).toHaveAccessibleDescription(/Upload the video of "Essay structure"\./);
    const description = screen.getByLabelText('Description');
    expect(description).toHaveAttribute('aria-invalid', 'true');
    expect(description).toHaveAccessibleDescription(/Write a description of at least 20 characters\./);
    // Changing the field takes its problem off it and off the list.
    fireEvent.change(description, { target: { value: 'A full description of what the course teaches.' } });
    expect(description).not.toHaveAttribute('aria-invalid');
    expect(within(alert).getAllByRole('link').map((link) => link.textContent)).toEqual(problems.slice(1));
    // Nothing was unsaved, so nothing was saved first.
    expect(puts(fetch)).toHaveLength(0);
  });

  it('takes a problem that names no field off the list once the course no longer has it (a lesson added)', async () => {
    const problems = ['Upload a cover image.', 'Add at least one lesson.'];
    mockFetch({
      [`GET /api/creator/courses/${COURSE_ID}`]: () => json(course({ problems }, { description: 'Write band 7 essays with a clear plan.' })),
      [`POST /api/creator/courses/${COURSE_ID}/submit`]: () =>
        json({ code: 'VALIDATION_FAILED', message: `Fix these before submitting: ${problems.join(' ')}`, fields: Object.fromEntries(problems.map((problem, i) => [`problems.${i}`, problem])) }, 400),
    });
    renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit for review' }));
    const alert = await screen.findByRole('alert', { name: 'Before you can submit for review' });
    expect(within(alert).getAllByRole('link').map((link) => link.textContent)).toEqual(problems);

    fireEvent.click(screen.getByRole('button', { name: 'Add module' }));
    type(screen.getByLabelText('Module title'), 'Getting started');
    // A module without a lesson is a problem of its own, not yet on the list: the list only shrinks.
    expect(within(alert).getAllByRole('link').map((link) => link.textContent)).toEqual(problems);
    fireEvent.click(screen.getByRole('button', { name: 'Add lesson to module 1' }));
    type(within(screen.getByRole('group', { name: 'Lesson 1' })).getByLabelText('Lesson title'), 'Your first essay');
    expect(within(alert).getAllByRole('link').map((link) => link.textContent)).toEqual(['Upload a cover image.']);
  });

  it('saves unsaved edits before submitting, then shows the course as in review and read-only', async () => {
    const complete = {
      description: 'A complete course about essays.',
      coverMediaId: 'c0c0c0c0-0000-4000-8000-000000000001',
      modules: [{ _id: MODULE_ID, title: 'Basics', lessons: [{ _id: LESSON_ID, title: 'Plan', kind: 'text' as const, durationMin: 5, isPreview: false, mediaId: null, captionsMediaId: null, text: 'Plan it.' }] }],
    };
    const media = [{ _id: complete.coverMediaId, kind: 'image' as const, contentType: 'image/png', sizeBytes: 2048, name: 'cover.png', durationSeconds: null, url: `/api/media/${complete.coverMediaId}` }];
    let current = course({ media }, complete);
    const order: string[] = [];
    mockFetch({
      [`GET /api/creator/courses/${COURSE_ID}`]: () => json(current),
      [`PUT /api/creator/courses/${COURSE_ID}/draft`]: (_url, init) => {
        order.push('save');
        current = course({ media }, JSON.parse(init!.body as string) as CreatorCourse['draft']);
        return json(current);
      },
      [`POST /api/creator/courses/${COURSE_ID}/submit`]: () => {
        order.push('submit');
        current = { ...current, status: 'in_review', versionStatus: 'in_review' };
        return json(current);
      },
    });
    renderEditor();
    expect(await screen.findByRole('img', { name: 'Cover image: preview' })).toHaveAttribute('src', `/api/media/${complete.coverMediaId}`);
    type(screen.getByLabelText('Title'), 'IELTS Essays');
    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    // The prices the learners will pay are named before it goes.
    const dialog = screen.getByRole('dialog', { name: 'Submit for review?' });
    expect(dialog).toHaveTextContent(/Once a moderator approves “IELTS Essays”, learners pay ₹\S+ in India and \$\S+ elsewhere\./);
    expect(order).toEqual([]);
    confirmSubmit();

    const inReview = await screen.findByText(/In review — you’ll see the decision here/);
    expect(order).toEqual(['save', 'submit']);
    // Submit for review is gone with the editable view: the focus goes to the banner that says what now.
    await waitFor(() => expect(inReview.closest('[role="status"]')).toHaveFocus());
    expect(screen.getByLabelText('Title')).toBeDisabled();
    expect(screen.getByLabelText('Lesson text')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add module' })).not.toBeInTheDocument();
  });

  it('a double click on Submit for review saves and submits once, with no refusal shown', async () => {
    const complete = {
      description: 'A complete course about essays.',
      modules: [{ _id: MODULE_ID, title: 'Basics', lessons: [{ _id: LESSON_ID, title: 'Plan', kind: 'text' as const, durationMin: 5, isPreview: false, mediaId: null, captionsMediaId: null, text: 'Plan it.' }] }],
    };
    let current = course({}, complete);
    const order: string[] = [];
    mockFetch({
      [`GET /api/creator/courses/${COURSE_ID}`]: () => json(current),
      [`PUT /api/creator/courses/${COURSE_ID}/draft`]: (_url, init) => {
        order.push('save');
        current = course({}, JSON.parse(init!.body as string) as CreatorCourse['draft']);
        return json(current);
      },
      // The server refuses a second submission: it must never be sent.
      [`POST /api/creator/courses/${COURSE_ID}/submit`]: () => {
        order.push('submit');
        if (current.versionStatus === 'in_review') return json({ code: 'VERSION_IN_REVIEW', message: 'This version is in review; wait for the decision.' }, 409);
        current = { ...current, status: 'in_review', versionStatus: 'in_review' };
        return json(current);
      },
    });
    renderEditor();
    const submit = await screen.findByRole('button', { name: 'Submit for review' });
    type(screen.getByLabelText('Title'), 'IELTS Essays');
    // Without a cover it has a known problem, so it goes without the dialog (the fake server takes it).
    // Both clicks land before React renders the pending state.
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(await screen.findByText(/In review — you’ll see the decision here/)).toBeInTheDocument();
    expect(order).toEqual(['save', 'submit']);
  });

  it("shows a rejected version's reason and keeps it editable", async () => {
    mockFetch({ [`GET /api/creator/courses/${COURSE_ID}`]: () => json(course({ status: 'rejected', versionStatus: 'rejected', rejectionReason: 'The audio is too quiet.' })) });
    renderEditor();
    expect(await screen.findByText('The moderator sent this version back.')).toBeInTheDocument();
    expect(screen.getByText('The audio is too quiet.')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Submit for review' })).toBeEnabled();
  });

  it('a published course is read-only until Edit course makes a new draft', async () => {
    const live = course({ status: 'published', versionStatus: 'approved' });
    const fetch = mockFetch({
      [`GET /api/creator/courses/${COURSE_ID}`]: () => json(live),
      [`POST /api/creator/courses/${COURSE_ID}/edit`]: () => json(course({ status: 'published', versionStatus: 'draft', versionId: 'a1b2c3d4-0000-4000-8000-000000000002' })),
    });
    renderEditor();
    expect(await screen.findByText(/learners keep the current version until the new one is approved/)).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Edit course' }));
    await waitFor(() => expect(screen.getByLabelText('Title')).toBeEnabled());
    expect(fetch.mock.calls.some(([input, init]) => String(input).endsWith('/edit') && init?.method === 'POST')).toBe(true);
    expect(screen.getByText(/You are editing a new version/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeInTheDocument();
  });

  it('says so when the course is not the creator’s', async () => {
    mockFetch({ [`GET /api/creator/courses/${COURSE_ID}`]: () => json({ code: 'NOT_FOUND', message: 'Course not found' }, 404) });
    renderEditor();
    expect(await screen.findByRole('heading', { level: 1, name: 'Course not found' })).toBeInTheDocument();
  });
});
