import {
  organizationInquiryMail,
  organizationInquiryReceived,
  tutorApplicationReceived,
  type OrganizationInquiry,
  type OrganizationInquiryPayload,
  type OutreachReceipt,
  type TutorApplication,
  type tutorApplicationPayload,
} from '@parley/domain/outreach';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { queueMail, sendAfterCommit, type AfterCommitLog } from '../mail/mail.service';
import * as repo from './outreach.repository';

// What visitors send from the public pages, stored for the moderators to read and answer.

type Page = { page: number; limit: number };

/** Stored for the moderators; with ENQUIRIES_MAIL_TO set, the team's e-mail is queued with it and sent after the commit. */
export async function receiveOrganizationInquiry(ctx: AppContext, payload: OrganizationInquiryPayload, log: AfterCommitLog): Promise<OutreachReceipt> {
  const to = ctx.config.mail.enquiriesTo;
  const { row, mailId } = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertOrganizationInquiry(tx, { ...payload, createdAt: ctx.now() });
    return { row, mailId: to ? await queueMail(tx, { to, ...organizationInquiryMail(payload), topic: 'organization-inquiry' }) : null };
  });
  if (mailId) await sendAfterCommit(ctx, mailId, log);
  return { _id: row.id, message: organizationInquiryReceived };
}

export async function receiveTutorApplication(ctx: AppContext, payload: z.output<typeof tutorApplicationPayload>): Promise<OutreachReceipt> {
  const row = await repo.insertTutorApplication(ctx.db, { ...payload, createdAt: ctx.now() });
  return { _id: row.id, message: tutorApplicationReceived };
}

export async function organizationInquiries(ctx: AppContext, page: Page): Promise<{ items: OrganizationInquiry[]; total: number }> {
  const { rows, total } = await repo.listOrganizationInquiries(ctx.db, page);
  return {
    total,
    items: rows.map((row) => ({
      _id: row.id,
      name: row.name,
      organization: row.organization,
      email: row.email,
      teamSize: row.teamSize,
      message: row.message,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

export async function tutorApplications(ctx: AppContext, page: Page): Promise<{ items: TutorApplication[]; total: number }> {
  const { rows, total } = await repo.listTutorApplications(ctx.db, page);
  return {
    total,
    items: rows.map((row) => ({
      _id: row.id,
      name: row.name,
      email: row.email,
      country: row.country,
      subjects: row.subjects,
      experienceYears: row.experienceYears,
      bio: row.bio,
      link: row.link,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
