/**
 * 'Download my data' (GDPR art. 15/20, docs/security.md 'Data export'): asks whether the
 * member may export now (data-export-status.php), then lets the browser download the ZIP
 * from /api/data-export.php (an attachment: the page stays). Within 24 hours of the last
 * export the form's error is the time left, in the member's language.
 */
import { getDataExport, getDataExportStatus } from '#src/contract/data-export.ts';
import { environment } from '#src/stores/environment.ts';
import { CheckError } from '#src/stores/errors.ts';
import { createForm, type Form } from '#src/stores/form.ts';

/** The time left as the texts' {{hours}} and {{minutes}} (minutes rounded up). */
export function timeLeft(seconds: number): { hours: number; minutes: number } {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

export function createDataExportForm(): Form<[], true> {
  return createForm(
    async () => {
      const status = await environment().api.call(getDataExportStatus);
      if (!status.available) {
        throw new CheckError('settings.export.export_too_soon', undefined, timeLeft(status.wait_seconds));
      }
      environment().navigate(getDataExport.path);
      return true as const;
    },
    { repeatable: true },
  );
}
