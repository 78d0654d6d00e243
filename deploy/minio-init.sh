#!/bin/sh
# The photo bucket of compose.yaml: private (no anonymous access: photos go through the
# API's viewer checks), versioned with old versions kept 30 days, and the API's user with
# a policy for that bucket alone. Safe to run again.
set -eu
mc alias set local http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD"
mc mb --ignore-existing local/photos
mc anonymous set none local/photos
mc version enable local/photos
mc ilm rule ls local/photos 2>/dev/null | grep -q 'NoncurrentVersionExpiration' ||
  mc ilm rule add --noncurrent-expire-days 30 local/photos
mc admin policy create local photos-api /deploy/minio-photos-policy.json
mc admin user add local "$S3_ACCESS_KEY_ID" "$S3_SECRET_ACCESS_KEY"
mc admin policy attach local photos-api --user "$S3_ACCESS_KEY_ID" || true
