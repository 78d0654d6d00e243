/**
 * A line icon in an island: a drawing of src/ui/icon-shapes.ts (static pages draw the same
 * ones with src/components/Icon.astro). Always decorative: the text next to it, or the label
 * of its control, says what it means.
 */
import { ICON_SHAPES, type IconName } from './icon-shapes.ts';

export default function LineIcon({
  name,
  className = 'size-5',
  strokeWidth = 1.8,
}: {
  name: IconName;
  className?: string;
  strokeWidth?: number;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
      // The shapes are this module's own constant markup, never data.
      dangerouslySetInnerHTML={{ __html: ICON_SHAPES[name] }}
    />
  );
}
