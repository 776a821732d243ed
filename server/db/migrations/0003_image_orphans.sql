CREATE TABLE "image_orphans" (
	"url" text PRIMARY KEY NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
