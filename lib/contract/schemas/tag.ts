import * as v from 'valibot';
import { IdSchema, envelope } from './common';
import { TagNameSchema } from './link';

export const CreateTagBodySchema = v.object({ workspaceId: IdSchema, tag: TagNameSchema });
export type CreateTagBody = v.InferInput<typeof CreateTagBodySchema>;

export const TagListQuerySchema = v.object({ workspaceId: IdSchema });

export const TagListResponseSchema = envelope(v.array(v.string()));
export const CreateTagResponseSchema = envelope(v.string());
