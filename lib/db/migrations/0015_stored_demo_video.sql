-- The demo VIP video left public/ (anyone could download it): it is a stored video, played through signed addresses
-- (ADR 0066). Databases seeded before name the old file.
UPDATE "articles" SET "video_url" = '/api/videos/demo-limit-up-queue.mp4' WHERE "video_url" = '/demo/videos/limit-up-queue.mp4';
