/**
 * The "Reports and moderation" section's calls (contract src/contract/staff-moderation.ts),
 * bound with the staff feature's staffRoute(): the photo queue and its (bulk) decisions, the
 * reports queue, a report with its decision log, deciding a report, the repeat offenders, the
 * photo files the back office shows, and the complaints (list, one with its log, its status).
 */
import type { Hono } from 'hono';
import {
  getStaffComplaint,
  getStaffComplaints,
  getStaffModerationPhotos,
  getStaffOffenders,
  getStaffPhoto,
  getStaffReport,
  getStaffReports,
  postStaffComplaintStatus,
  postStaffModerationPhotos,
  postStaffReportDecision,
} from '#src/contract/staff-moderation.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { loadQueue } from '#src/server/features/moderation/index.ts';
import { serveStaffPhoto } from '#src/server/features/photos/index.ts';
import { siteFilter } from '#src/server/features/site/index.ts';
import { staffRoute } from '#src/server/features/staff/index.ts';
import { complaintPage, listComplaints, setComplaintStatus } from './complaints.ts';
import { decideReport } from './decide.ts';
import { decidePhotos, withStaffPhotoUrls } from './photos.ts';
import { listReports, repeatOffenders, reportPage } from './reports.ts';

export function registerStaffModerationRoutes(app: Hono<AppEnv>): void {
  staffRoute(app, getStaffModerationPhotos, async ({ c, query }) => {
    const { database, now, sites } = c.get('deps');
    const queue = await loadQueue(database.db, now(), {
      siteId: siteFilter(sites, query.site),
      order: query.order,
      member: query.member,
    });
    return { ...queue, photos: queue.photos.map(withStaffPhotoUrls) };
  });

  staffRoute(app, getStaffPhoto, async ({ c, query }) => {
    const { database, photoStorage } = c.get('deps');
    return serveStaffPhoto(database.db, photoStorage, query.id, query.v);
  });

  staffRoute(app, postStaffModerationPhotos, async ({ c, body, session }) =>
    decidePhotos(
      c,
      session,
      body.photos,
      body.decision === 'approve' ? { decision: 'approve' } : { decision: 'reject', reason: body.reason },
    ),
  );

  staffRoute(app, getStaffReports, async ({ c, query }) => {
    const { database, sites } = c.get('deps');
    return listReports(database.db, {
      view: query.view ?? 'open',
      siteId: siteFilter(sites, query.site),
      after: query.after ? Number(query.after) : undefined,
    });
  });

  staffRoute(app, getStaffReport, async ({ c, query }) => reportPage(c.get('deps').database.db, query.id));

  staffRoute(app, postStaffReportDecision, async ({ c, body, session }) => decideReport(c, session, body));

  staffRoute(app, getStaffOffenders, async ({ c, query }) => {
    const { database, sites } = c.get('deps');
    return { offenders: await repeatOffenders(database.db, siteFilter(sites, query.site)) };
  });

  staffRoute(app, getStaffComplaints, async ({ c, query }) => {
    const { database, sites } = c.get('deps');
    return listComplaints(database.db, {
      status: query.status ?? 'open',
      order: query.order,
      siteId: siteFilter(sites, query.site),
      topic: query.topic,
      after: query.after ? Number(query.after) : undefined,
    });
  });

  staffRoute(app, getStaffComplaint, async ({ c, query }) => complaintPage(c.get('deps').database.db, query.id));

  staffRoute(app, postStaffComplaintStatus, async ({ c, body, session }) => setComplaintStatus(c, session, body));
}
