import { Command as Cmdk } from 'cmdk';
import type { PalettePageProps } from '../../commands/types';
import { loadMediaOverview, MINI_MEDIA_TEXTS, miniMediaConfigKey } from '../../data/mini-media';
import { mediaPage } from '../../data/pages';
import { useRead } from '../query';
import { useStored } from '../hooks';
import { onCardClick } from '../common/HoverCard';
import { MediaOverviewCard } from './MiniMediaCard';

/** 'Media overview' on a media page: the page's media as MiniMedia's card, in the palette; a link in it is followed in place. */
export function MediaOverviewPage({ ctx, close }: PalettePageProps) {
  const media = mediaPage(ctx.path);
  const config = useStored(miniMediaConfigKey);
  const asked = useRead(media ? ['media overview', media.id, media.type] : null, {
    read: (signal) => loadMediaOverview(ctx, media!, { signal, querying: () => ctx.toasts.debug(MINI_MEDIA_TEXTS.querying) }),
    failure: { toasts: ctx.toasts, report: () => ({ toast: MINI_MEDIA_TEXTS.failed, detail: false, log: 'media overview query failed' }) },
  });
  if (!asked.data) return <Cmdk.Loading>{asked.failed ? MINI_MEDIA_TEXTS.failed : 'Loading the overview…'}</Cmdk.Loading>;
  const navigate = (path: string) => {
    close();
    ctx.route.navigate(path);
  };
  return <MediaOverviewCard media={asked.data} config={config} inline onClick={(event) => onCardClick(event, navigate)} />;
}
