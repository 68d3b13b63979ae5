// Found through -I: named as it is from anywhere.
#define CONFIG_VALUE 7
