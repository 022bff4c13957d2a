import { siteSettingsPatchSchema, type SiteSettings } from '../../../schemas/site-settings';
import { saveContent } from '../../../stores/publish';
import RecordForm from '../form/RecordForm';
import { useRecordForm } from '../form/use-record-form';
import PageHeader from '../PageHeader';
import LoadStatus from '../../ui/LoadStatus';
import { useFetch } from '../use-fetch';
import { SETTINGS_PAGES, type SettingsPageConfig } from './settings-configs';
import VideoPreview, { checkVideo } from './VideoPreview';

type Stored = Record<string, unknown>;

/** A settings-backed admin page (site settings, visibility, team toggle, contact info, video). */
export default function SettingsPage({ page }: { page: string }) {
  const config = SETTINGS_PAGES[page]!;
  const { data, error } = useFetch<SiteSettings>('/api/site-settings');
  return (
    <div>
      <PageHeader title={config.title} description={config.description} />
      <LoadStatus loaded={!!data} error={error} />
      {data && (
        <SettingsEditor config={config} settings={data as unknown as Stored} idPrefix={page} />
      )}
    </div>
  );
}

function SettingsEditor({
  config,
  settings,
  idPrefix,
}: {
  config: SettingsPageConfig;
  settings: Stored;
  idPrefix: string;
}) {
  const state = useRecordForm({
    fields: config.groups.flatMap((g) => g.fields),
    record: settings,
    schema: siteSettingsPatchSchema,
    check: config.video ? checkVideo : undefined,
    save: (changes, expected) =>
      saveContent<Stored>('PATCH', '/api/site-settings', { ...changes, _expected: expected }),
  });
  return (
    <RecordForm state={state} groups={config.groups} idPrefix={idPrefix} stickyActions>
      {config.video && <VideoPreview />}
    </RecordForm>
  );
}
