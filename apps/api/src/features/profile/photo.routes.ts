import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import { errorCodes, PHOTO_FIELD, PHOTO_MAX_BYTES, profileSchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../core/session/session-auth.js';
import { AppError, notFound, validationFailed } from '../../core/errors.js';
import type { Clock } from '../../core/clock.js';
import { fileResponse } from '../../http/openapi.js';
import { declareRoutes } from '../../http/routes.js';
import { PhotoRejected, processPhoto } from './photo-pipeline.js';
import { PHOTO_FILE_PATTERN, type PhotoStore } from './photo-store.js';
import type { ProfileService } from './profile.service.js';

export interface PhotoRoutesOptions {
  profile: ProfileService;
  photos: PhotoStore;
  clock: Clock;
}

const tooBig = () => new AppError(errorCodes.payloadTooLarge, 'The photo must be at most 5 MB', { photo: 'The photo must be at most 5 MB' });
const notAnImage = () =>
  new AppError(errorCodes.imageInvalid, 'Choose a JPEG, PNG or WebP image', { photo: 'Choose a JPEG, PNG or WebP image' });
const tooManyPixels = () =>
  new AppError(errorCodes.imageTooLarge, 'This image has too many pixels. Choose a photo of at most 40 megapixels', {
    photo: 'This image has too many pixels. Choose a photo of at most 40 megapixels',
  });

/**
 * The profile photo: uploaded as multipart, streamed to a file (never held in memory), checked
 * by its content and re-encoded; served by the app under a new name after every change.
 */
export const photoRoutes: FastifyPluginAsyncZod<PhotoRoutesOptions> = async (app, { profile, photos, clock }) => {
  const route = declareRoutes(app, 'profile');

  await app.register(fastifyMultipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 50 },
  });

  route.put('/me/photo', 'Upload a profile photo (multipart field "photo": JPEG, PNG or WebP, at most 5 MB)', {
    consumes: ['multipart/form-data'], answer: [200, profileSchema], errors: [400, 401, 403, 413, 415, 422],
    handler: async (request) => {
      const { userId } = requireAuth(request);
      if (!request.isMultipart()) {
        throw new AppError(errorCodes.unsupportedMediaType, 'Send the photo as multipart/form-data in the field "photo"');
      }
      const part = await request.file();
      if (!part || part.fieldname !== PHOTO_FIELD) throw validationFailed({ photo: 'Choose a photo to upload' });

      const incoming = photos.newIncomingPath();
      const name = photos.newPhotoName();
      try {
        try {
          await pipeline(part.file, fs.createWriteStream(incoming));
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooBig();
          throw error;
        }
        if (part.file.truncated) throw tooBig();
        try {
          await processPhoto(incoming, photos.pathOf(name));
        } catch (error) {
          if (error instanceof PhotoRejected) throw error.reason === 'too_many_pixels' ? tooManyPixels() : notAnImage();
          throw error;
        }
      } finally {
        await fs.promises.rm(incoming, { force: true });
      }
      await photos.remove(await profile.setPhoto(userId, name));
      return profile.profile(userId, clock());
    },
  });

  route.delete('/me/photo', 'Remove the profile photo', {
    answer: [200, profileSchema], errors: [401, 403],
    handler: async (request) => {
      const { userId } = requireAuth(request);
      await photos.remove(await profile.setPhoto(userId, null));
      return profile.profile(userId, clock());
    },
  });

  route.get('/photos/:file', 'A profile photo (WebP); any signed-in user may see it, e.g. on their favourites', {
    params: z.object({ file: z.string().max(64) }), answer: [200, fileResponse('image/webp', 'The photo')], errors: [401, 404],
    handler: async (request, reply) => {
      const { file } = request.params;
      if (!PHOTO_FILE_PATTERN.test(file)) throw notFound('Photo');
      const stream = fs.createReadStream(photos.pathOf(file));
      try {
        await new Promise<void>((resolve, reject) => stream.once('open', () => resolve()).once('error', reject));
      } catch {
        throw notFound('Photo');
      }
      // Kept by the browser for a year (http/cache-policy.ts): the name changes with every upload.
      return reply.type('image/webp').send(stream);
    },
  });
};

