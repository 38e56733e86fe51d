import { count, desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizationInquiries, tutorApplications } from '../../db/schema';

type Page = { page: number; limit: number };

export type OrganizationInquiryRow = typeof organizationInquiries.$inferSelect;
export type TutorApplicationRow = typeof tutorApplications.$inferSelect;

export async function insertOrganizationInquiry(db: Db, values: typeof organizationInquiries.$inferInsert): Promise<OrganizationInquiryRow> {
  const [row] = await db.insert(organizationInquiries).values(values).returning();
  return row!;
}

export async function insertTutorApplication(db: Db, values: typeof tutorApplications.$inferInsert): Promise<TutorApplicationRow> {
  const [row] = await db.insert(tutorApplications).values(values).returning();
  return row!;
}

export async function listOrganizationInquiries(db: Db, { page, limit }: Page) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(organizationInquiries)
      .orderBy(desc(organizationInquiries.createdAt), desc(organizationInquiries.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(organizationInquiries),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function listTutorApplications(db: Db, { page, limit }: Page) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(tutorApplications)
      .orderBy(desc(tutorApplications.createdAt), desc(tutorApplications.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(tutorApplications),
  ]);
  return { rows, total: total?.n ?? 0 };
}
