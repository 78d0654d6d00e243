/**
 * The webcam and reseller cards of the search results (SPEC §2.7 'Webcam card'): a live
 * webcam profile (the provider's snapshot, badge 'ONLINE', a 'live' button) or a reseller ad
 * (badge 'AD', an 'exclusive' button, a drawn background). The whole card is one link that
 * opens the provider's or partner's redirect in a new window. Same footprint as a profile
 * card, so the grid keeps its rhythm.
 */
import { useTranslation } from 'react-i18next';
import { camRedirectUrl, resellPartnerUrl, type CamEntry } from '#src/contract/cams.ts';
import LineIcon from '#src/ui/LineIcon.tsx';

type Props = { kind: 'cam'; cam: CamEntry; eager?: boolean } | { kind: 'ad' };

/** Sponsored links leave the site: never the opener, never a ranking signal. */
const EXTERNAL = { target: '_blank', rel: 'noopener sponsored' } as const;

export default function WebcamCard(props: Props) {
  const { t } = useTranslation();
  if (props.kind === 'ad') {
    return (
      <article className="card relative overflow-hidden" data-webcam="ad">
        <a href={resellPartnerUrl()} {...EXTERNAL} className="group block text-ink no-underline">
          <div className="hero-band relative flex aspect-[3/4] flex-col items-center justify-center gap-3 p-4 text-center">
            <LineIcon name="sparkle" className="size-14 opacity-90 transition-transform group-hover:scale-110" />
            <p className="text-lg leading-tight font-bold">{t('search.webcam.ad_title')}</p>
            <Badge tone="ad">{t('search.webcam.ad')}</Badge>
          </div>
          <Footer title={t('search.webcam.ad_text')} button={t('search.webcam.exclusive')} />
          <span className="sr-only"> ({t('search.webcam.new_window')})</span>
        </a>
      </article>
    );
  }
  const { cam } = props;
  const name = cam.age === null ? cam.name : `${cam.name}, ${cam.age}`;
  return (
    <article className="card relative overflow-hidden" data-webcam="cam">
      <a href={camRedirectUrl(cam.account)} {...EXTERNAL} className="group block text-ink no-underline">
        <div className="relative aspect-[3/4] bg-ink-soft">
          <img
            src={cam.snapshot}
            alt=""
            loading={props.eager ? 'eager' : 'lazy'}
            decoding="async"
            className="size-full object-cover"
          />
          <div className="absolute top-2 left-2">
            <Badge tone="online">{t('search.webcam.online')}</Badge>
          </div>
        </div>
        <Footer title={name} button={t('search.webcam.live')} />
        <span className="sr-only">
          {' – '}
          {t('search.webcam.watch', { name: cam.name })} ({t('search.webcam.new_window')})
        </span>
      </a>
    </article>
  );
}

function Badge({ tone, children }: { tone: 'online' | 'ad'; children: string }) {
  const colours = tone === 'online' ? 'bg-success text-white' : 'bg-surface text-ink';
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide elevation-1 ${colours}`}
    >
      {tone === 'online' && (
        <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-white motion-reduce:animate-none" />
      )}
      {children}
    </span>
  );
}

/** The card's lower part: a line of text and the call to action, as on profile cards. */
function Footer({ title, button }: { title: string; button: string }) {
  return (
    // Wraps on the narrowest phones, so a long button text ('Live ansehen') stays inside the card.
    <div className="flex flex-wrap items-center justify-between gap-2 p-3">
      <h3 className="min-w-0 truncate font-bold">{title}</h3>
      <span className="shrink-0 rounded-full bg-primary px-3 py-1.5 text-sm font-semibold text-on-primary group-hover:bg-primary-deep">
        {button}
      </span>
    </div>
  );
}
