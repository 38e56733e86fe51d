// `node scripts/generate-seed-media.mjs`: makes the small media files the demo catalogue uses
// (apps/server/src/db/seed/media/) with ffmpeg. Run it by hand when a course's short title or
// colour changes here, then commit the files: the seed only copies them into the media store,
// so neither `npm start` nor a user's machine ever needs ffmpeg. PDFs are not made here; the seed
// writes them with pdf-lib.
//
// Per course: `<slug>.webm` (5 s, 426x240, VP9 + an Opus chime, ≤ 80 KB) and `<slug>-cover.jpg`
// (640x360, ≤ 40 KB). Per library video: `library-<slug>.webm`. The titles are drawn with DejaVu
// Sans (Debian/Ubuntu package fonts-dejavu-core); without it the video is ffmpeg's test pattern.
// The slugs must match apps/server/src/db/seed/courses-seed.ts, whose test checks every file.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(repoRoot, 'apps/server/src/db/seed/media');
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const FONT_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const VIDEO_SECONDS = 5;
const VIDEO_MAX_BYTES = 80 * 1024;
const COVER_MAX_BYTES = 40 * 1024;

/** label: the small line above the title; lines: the title, broken by hand (drawtext does not wrap). */
const courses = [
  { slug: 'everyday-english', label: 'ENGLISH · BEGINNER', lines: ['Everyday English', 'Conversations'], colour: '0x1d4ed8' },
  { slug: 'business-english', label: 'ENGLISH · INTERMEDIATE', lines: ['Business English', 'Meetings and Emails'], colour: '0x0f766e' },
  { slug: 'pronunciation-clinic', label: 'ENGLISH · INTERMEDIATE', lines: ['Pronunciation Clinic', 'Sounds, Stress, Rhythm'], colour: '0x7c2d12' },
  { slug: 'ielts-speaking', label: 'IELTS · INTERMEDIATE', lines: ['IELTS Speaking', 'Band 7 Toolkit'], colour: '0xb91c1c' },
  { slug: 'ielts-writing', label: 'IELTS · ADVANCED', lines: ['IELTS Writing Task 2', 'Essays That Score'], colour: '0x6d28d9' },
  { slug: 'ielts-listening-reading', label: 'IELTS · INTERMEDIATE', lines: ['IELTS Listening', 'and Reading'], colour: '0x9d174d' },
  { slug: 'phonics-adventures', label: 'KIDS · AGES 5-8', lines: ['Phonics Adventures', 'for Young Readers'], colour: '0xc2410c' },
  { slug: 'storytelling-kids', label: 'KIDS · AGES 7-11', lines: ['Storytelling English', 'for Kids'], colour: '0x15803d' },
  // A draft whose creator has not uploaded its video yet: a cover only.
  { slug: 'kids-grammar-games', label: 'KIDS · AGES 8-12', lines: ['Grammar Games', 'for Kids'], colour: '0xa16207', video: false },
  { slug: 'ai-conversation-partner', label: 'AI COURSE · BEGINNER', lines: ['Speak with an AI Partner', 'Daily Drills'], colour: '0x4338ca' },
  { slug: 'ai-interview-coach', label: 'AI COURSE · INTERMEDIATE', lines: ['AI Interview Coach', 'Job Interviews in English'], colour: '0x0e7490' },
  { slug: 'ai-writing-feedback', label: 'AI COURSE · INTERMEDIATE', lines: ['Write Better', 'with AI Feedback'], colour: '0x334155' },
];

const libraryVideos = [
  { slug: 'greetings-minute', label: 'FREE · FOR LEARNERS', lines: ['Greetings in', 'One Minute'], colour: '0x1e40af' },
  { slug: 'polite-phrases', label: 'FREE · FOR EVERYONE', lines: ['Five Polite Phrases', 'Please and Thank You'], colour: '0x047857' },
  { slug: 'counting-song', label: 'FREE · FOR KIDS', lines: ['Counting', 'One to Ten'], colour: '0xbe185d' },
  { slug: 'colours-at-home', label: 'FREE · FOR KIDS', lines: ['Colours', 'Around the House'], colour: '0xb45309' },
];

const hasFont = existsSync(FONT) && existsSync(FONT_BOLD);
if (!hasFont) console.warn(`${FONT} is missing: videos get the test pattern and covers a plain colour`);

const work = mkdtempSync(path.join(os.tmpdir(), 'parley-seed-media-'));
mkdirSync(outDir, { recursive: true });
try {
  for (const course of courses) {
    if (course.video !== false) makeVideo(course, `${course.slug}.webm`);
    makeCover(course, `${course.slug}-cover.jpg`);
  }
  for (const video of libraryVideos) makeVideo(video, `library-${video.slug}.webm`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

/**
 * drawtext reads each line from a file, so titles need no escaping. Filters are given in filter
 * graph syntax; file paths never hold ':' or ',' (a temp dir).
 */
function textFilters(item, { width, titleSize, labelSize, footer }) {
  const files = [item.label, ...item.lines, footer].map((text, i) => {
    const file = path.join(work, `${item.slug}-${i}.txt`);
    writeFileSync(file, text);
    return file;
  });
  const [labelFile, ...rest] = files;
  const footerFile = rest.pop();
  const lineGap = Math.round(titleSize * 1.3);
  const top = Math.round(width * 0.5625 * 0.5 - (lineGap * item.lines.length) / 2);
  return [
    `drawtext=fontfile=${FONT_BOLD}:textfile=${labelFile}:fontsize=${labelSize}:fontcolor=white@0.85:x=${Math.round(width * 0.06)}:y=${Math.round(width * 0.06)}`,
    ...rest.map((file, i) => `drawtext=fontfile=${FONT_BOLD}:textfile=${file}:fontsize=${titleSize}:fontcolor=white:x=(w-tw)/2:y=${top + i * lineGap}`),
    `drawtext=fontfile=${FONT}:textfile=${footerFile}:fontsize=${labelSize}:fontcolor=white@0.85:x=${Math.round(width * 0.06)}:y=h-${Math.round(width * 0.06) + labelSize}`,
  ];
}

function makeVideo(item, name) {
  const out = path.join(outDir, name);
  const size = '426x240';
  const background = hasFont
    ? `color=c=${item.colour}:s=${size}:r=15:d=${VIDEO_SECONDS}`
    : `testsrc2=s=${size}:r=15:d=${VIDEO_SECONDS}`;
  // A bar along the bottom edge fills up over the clip, so it visibly plays and seeks.
  const filters = [
    `${background}[bg]`,
    `color=c=white@0.9:s=426x6:r=15:d=${VIDEO_SECONDS}[bar]`,
    `[bg][bar]overlay=x='-w+W*t/${VIDEO_SECONDS}':y=H-h:eval=frame${hasFont ? ',' + textFilters(item, { width: 426, titleSize: 22, labelSize: 11, footer: 'Parley' }).join(',') : ''},format=yuv420p[v]`,
    // A soft chime that fades out, then silence: real audio without being a nuisance.
    `sine=frequency=660:sample_rate=48000:samples_per_frame=960:duration=${VIDEO_SECONDS},volume=0.12,afade=t=out:st=0.2:d=0.8[a]`,
  ].join(';');
  ffmpeg(['-filter_complex', filters, '-map', '[v]', '-map', '[a]', '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '36', '-deadline', 'good', '-cpu-used', '2', '-row-mt', '1', '-g', '75', '-c:a', 'libopus', '-b:a', '12k', '-ac', '1', '-t', String(VIDEO_SECONDS), '-metadata', `title=${item.lines.join(' ')}`, '-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact', out]);
  check(out, VIDEO_MAX_BYTES);
}

function makeCover(item, name) {
  const out = path.join(outDir, name);
  const filters = [
    `color=c=${item.colour}:s=640x360:d=1`,
    // A darker band at the foot, like a book's spine label.
    'drawbox=x=0:y=ih-64:w=iw:h=64:color=black@0.25:t=fill',
    ...(hasFont ? textFilters(item, { width: 640, titleSize: 36, labelSize: 16, footer: 'Parley Courses' }) : []),
  ].join(',');
  ffmpeg(['-f', 'lavfi', '-i', filters, '-frames:v', '1', '-q:v', '4', '-fflags', '+bitexact', '-flags:v', '+bitexact', out]);
  check(out, COVER_MAX_BYTES);
}

function ffmpeg(args) {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
}

function check(file, maxBytes) {
  const bytes = statSync(file).size;
  if (bytes > maxBytes) throw new Error(`${path.basename(file)} is ${bytes} bytes, over ${maxBytes}`);
  console.log(`${path.relative(repoRoot, file)}  ${(bytes / 1024).toFixed(1)} KB`);
}
