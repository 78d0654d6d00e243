/**
 * Interim: the chat's icons are drawings of src/ui/icon-shapes.ts, drawn by src/ui/LineIcon.tsx.
 * This name goes when the conversation screen's split (ConversationTopBar) imports LineIcon.
 */
export { default } from '#src/ui/LineIcon.tsx';
