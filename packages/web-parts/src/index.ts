// @scrm/web-parts: antd components the acquisition and marketing pages share — pickers for members,
// tags and materials, the welcome-message and schedule editors, the QR card and the daily chart. A
// separate package from @scrm/web-kit so that its calls go through the shared web-kit singleton
// (the same HTTP client, toasts and 401 handling as the page). Each sub-app bundles what it uses.
export { MATERIAL_LIBRARY_HREF, MATERIAL_PICKER_TEXT } from './material-picker-text';
export { MaterialPicker } from './material-picker';
export type { MaterialPickerProps } from './material-picker';
export { MaterialAttachments } from './material-attachments';
export type { MaterialAttachmentsProps } from './material-attachments';
export { MaterialThumb, MATERIAL_TYPE_COLOR, formatFileSize, materialSummary } from './material-thumb';
export {
  addMaterial,
  addMaterialGroup,
  deleteMaterialGroup,
  deleteMaterials,
  listMaterialGroups,
  listMaterials,
  materialGroupsKey,
  materialGroupsQueryOptions,
  materialsKey,
  materialsQueryOptions,
  materialsRootKey,
  moveMaterials,
  updateMaterial,
  updateMaterialGroup,
  uploadMaterialFile,
  useAddMaterial,
  useDeleteMaterials,
  useMoveMaterials,
  useUpdateMaterial,
  useMaterialGroups,
  useMaterials,
} from './api/materials';
export type { UploadOptions as MaterialUploadOptions } from './api/materials';
export { MEMBER_SEARCH_LIMIT, MemberSelect } from './member-select';
export { CodeSelect } from './code-select';
export type { CodeSelectProps } from './code-select';
export { codeOptionsKey, findCodes, useCodeOptions } from './api/find-codes';
export type { MemberSelectProps } from './member-select';
export { TAG_SELECT_MAX, TagSelect, tagNamesOf, useCorpTags, useTagNames } from './tag-select';
export type { TagSelectProps } from './tag-select';
export { DEFAULT_RULE, END_OF_DAY, SCHEDULE_MAX_RULES, ScheduleEditor, ruleProblem, scheduleRule, validateSchedule } from './schedule-editor';
export type { ScheduleEditorProps, ScheduleTexts } from './schedule-editor';
export { ATTACHMENT_TYPES, WELCOME_TEXT_MAX_CHARS, WelcomeEditor, insertAt, welcomeProblem, welcomeRule } from './welcome-editor';
export type { WelcomeEditorProps } from './welcome-editor';
export { WelcomePreview, renderWelcomeText } from './welcome-preview';
export type { WelcomePreviewProps } from './welcome-preview';
export { QrCard, copyText, saveBlob } from './qr-card';
export type { QrCardProps } from './qr-card';
export { DateRangeFilter, daysIn, lastDays, thisMonth } from './date-range-filter';
export type { DateRange, DateRangeFilterProps } from './date-range-filter';
export { DAY_SERIES, DayChart, dayChartOption } from './day-chart';
export { EChart, FIGURE_COLOR, dayLinesOption } from './echart';
export type { EChartProps } from './echart';
export type { DayChartProps } from './day-chart';
export { DaySummary } from './day-summary';
export type { DaySummaryProps } from './day-summary';
export { RetentionTable, retentionText } from './retention-table';
export type { RetentionTableProps } from './retention-table';
export { CodeAdds, CodeAddTable, WELCOME_STATUS_COLOR, WelcomeStatusTag, customerDetailPath } from './code-add-table';
export type { CodeAddTableProps } from './code-add-table';
export { OnlineBadge } from './online-badge';
export type { OnlineBadgeProps } from './online-badge';
export { formatTime, utf8Bytes } from './format';
export { useDebouncedValue } from './use-debounced-value';
export { findMembers, memberFindKey } from './api/find-members';
export { memberGroupsKey } from './api/find-member-groups';
export { listTags, tagListKey } from './api/list-tags';
export { postBlob } from './api/post-blob';
export { NoWorkSpace } from './no-work-space';
export type { NoWorkSpaceProps } from './no-work-space';
export { QrThumb } from './qr-thumb';
export type { QrThumbProps } from './qr-thumb';
export { useConfirmAction } from './use-confirm-action';
export type { ConfirmActionOptions } from './use-confirm-action';
export { useUrlFilters } from './use-url-filters';
export type { UrlFilterKind, UrlFilters } from './use-url-filters';
export { MemberAvatar } from './member-avatar';
export type { MemberAvatarProps } from './member-avatar';
export { DayTrendCard } from './day-trend-card';
export type { DayTrendCardProps } from './day-trend-card';
export { LoadedCard } from './loaded-card';
export type { LoadedCardProps } from './loaded-card';
export { GroupPanel } from './group-panel';
export type { GroupFilter, GroupPanelProps, PanelGroup } from './group-panel';
export { FirstUse, NoMatch } from './list-empty';
export { SelectionBar } from './selection-bar';
export type { SelectionBarProps } from './selection-bar';
export { CodeEditDelete, TagNames, WelcomeSummary } from './code-detail';
export type { CodeEditDeleteProps, WelcomeSummaryProps } from './code-detail';
export type { FirstUseProps, NoMatchProps } from './list-empty';
export { LoadAlert } from './load-alert';
export type { LoadAlertProps } from './load-alert';
export { isNotFound, LoadProblem, LoadProblemPage, retryUnlessNotFound } from './load-problem';
export { DetailPage, positiveIdOf } from './detail-page';
export { ListFilters } from './list-filters';
export type { ListFiltersProps } from './list-filters';
export type { DetailPageProps } from './detail-page';
export type { LoadProblemProps } from './load-problem';
export { KeywordSearch } from './keyword-search';
export type { KeywordSearchProps } from './keyword-search';
export { FormFooter, FormSection } from './form-section';
export type { FormFooterProps } from './form-section';
export { GzhBindPanel } from './gzh-bind-panel';
export type { GzhBindPanelProps } from './gzh-bind-panel';
export { getBindQrCode, pollBindQrCode } from './api/gzh-bind';
