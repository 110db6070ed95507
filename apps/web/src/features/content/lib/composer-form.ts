import { POST_TEXT_MAX } from '@fa-clube/contract';
import { z } from 'zod';
import { t } from '@/i18n/content';

// Its own module: the composer fetches it (and zod) when it shows, not with the page.

/**
 * The composer's form: the post's text (the contract's limit). Whether it may be sent also
 * depends on the attachment, which the composer keeps beside the form (`canSendPost`).
 */
export const ComposerForm = z.object({
  text: z.string().max(POST_TEXT_MAX, t.content.composer.tooLong(POST_TEXT_MAX)),
});
export type ComposerForm = z.infer<typeof ComposerForm>;
